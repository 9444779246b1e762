import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { executePrepared, type Tx } from '../../platform/db/engine.ts';
import { entreprise } from '../entreprise/entreprise.tables.ts';
import { boundedCount, niveauxOf } from '../process/index.ts';
import { process } from '../process/process.tables.ts';
import { etape, metrique, processModele } from '../workflow/workflow.tables.ts';
import { affichage, filtre, tableau } from './tableau.tables.ts';

export type TableauRow = typeof tableau.$inferSelect;
export type FiltreRow = typeof filtre.$inferSelect;
export type AffichageRow = typeof affichage.$inferSelect;

/** Of these boards, those of the company. */
export async function tableauxAmong(tx: Tx, entrepriseId: number, ids: number[]) {
  const r = await tx
    .select({ id: tableau.id })
    .from(tableau)
    .where(and(eq(tableau.entrepriseId, entrepriseId), inArray(tableau.id, ids)));
  return r.map((x) => x.id);
}

// Boards.

/** The company's boards, of a software (and those of none) when one is given, in their order. */
export function listTableaux(tx: Tx, entrepriseId: number, logicielId: number | null): Promise<TableauRow[]> {
  return tx
    .select()
    .from(tableau)
    .where(
      and(
        eq(tableau.entrepriseId, entrepriseId),
        logicielId ? or(eq(tableau.logicielId, logicielId), isNull(tableau.logicielId)) : undefined,
      ),
    )
    .orderBy(asc(tableau.idx), asc(tableau.id));
}

/** The company's boards of outside-company forms (isEE), in their order. */
export function listTableauxEe(tx: Tx, entrepriseId: number): Promise<TableauRow[]> {
  return tx
    .select()
    .from(tableau)
    .where(and(eq(tableau.entrepriseId, entrepriseId), eq(tableau.isEe, true)))
    .orderBy(asc(tableau.idx));
}

export async function findTableau(tx: Tx, entrepriseId: number, id: number): Promise<TableauRow | undefined> {
  const [r] = await tx
    .select()
    .from(tableau)
    .where(and(eq(tableau.id, id), eq(tableau.entrepriseId, entrepriseId)));
  return r;
}

/** The place of a new board: after the company's last. */
export async function nextTableauIdx(tx: Tx, entrepriseId: number): Promise<number> {
  const [{ max }] = await tx
    .select({ max: sql<number>`coalesce(max(${tableau.idx}), -1)` })
    .from(tableau)
    .where(eq(tableau.entrepriseId, entrepriseId));
  return Number(max) + 1;
}

export async function insertTableau(tx: Tx, values: typeof tableau.$inferInsert): Promise<TableauRow> {
  const [r] = await tx.insert(tableau).values(values).returning();
  return r;
}

export async function updateTableauRow(tx: Tx, id: number, changes: Partial<typeof tableau.$inferInsert>): Promise<TableauRow> {
  const [u] = await tx.update(tableau).set(changes).where(eq(tableau.id, id)).returning();
  return u;
}

export async function deleteTableauRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(tableau).where(eq(tableau.id, id));
}

/** How many of these workflows are the company's. */
export async function countWorkflowsAmong(tx: Tx, entrepriseId: number, workflows: number[]): Promise<number> {
  const found = await tx
    .select({ id: processModele.id })
    .from(processModele)
    .where(and(eq(processModele.entrepriseId, entrepriseId), inArray(processModele.id, workflows)));
  return found.length;
}

/** How many of these fields are the company's, and of these workflows when some are given. */
export async function countMetriquesAmong(tx: Tx, entrepriseId: number, metriques: number[], workflows: number[]): Promise<number> {
  const found = await tx
    .select({ id: metrique.id })
    .from(metrique)
    .where(
      and(
        eq(metrique.entrepriseId, entrepriseId),
        inArray(metrique.id, metriques),
        workflows.length ? inArray(metrique.processModeleId, workflows) : undefined,
      ),
    );
  return found.length;
}

// Saved filters.

export async function listFiltres(tx: Tx, tableauId: number): Promise<FiltreRow[]> {
  return tx.select().from(filtre).where(eq(filtre.tableauId, tableauId)).orderBy(asc(filtre.idx), asc(filtre.id));
}

/** A filter of the company. */
export async function findFiltre(tx: Tx, entrepriseId: number, id: number): Promise<FiltreRow | undefined> {
  const [f] = await tx
    .select()
    .from(filtre)
    .where(and(eq(filtre.id, id), eq(filtre.entrepriseId, entrepriseId)));
  return f;
}

/** A filter of this board. */
export async function findBoardFiltre(tx: Tx, tableauId: number, id: number): Promise<FiltreRow | undefined> {
  const [f] = await tx
    .select()
    .from(filtre)
    .where(and(eq(filtre.id, id), eq(filtre.tableauId, tableauId)));
  return f;
}

/** The place of a new filter: after the board's last. */
export async function nextFiltreIdx(tx: Tx, tableauId: number): Promise<number> {
  const [{ max }] = await tx
    .select({ max: sql<number>`coalesce(max(${filtre.idx}), -1)` })
    .from(filtre)
    .where(eq(filtre.tableauId, tableauId));
  return Number(max) + 1;
}

export async function insertFiltre(tx: Tx, values: typeof filtre.$inferInsert): Promise<FiltreRow> {
  const [f] = await tx.insert(filtre).values(values).returning();
  return f;
}

export async function updateFiltreRow(tx: Tx, id: number, changes: Partial<typeof filtre.$inferInsert>): Promise<FiltreRow> {
  const [u] = await tx.update(filtre).set(changes).where(eq(filtre.id, id)).returning();
  return u;
}

export async function deleteFiltreRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(filtre).where(eq(filtre.id, id));
}

/** These filters of the company, locked until the end of the transaction (their order is being written). */
export function lockFiltres(tx: Tx, entrepriseId: number, ids: number[]): Promise<FiltreRow[]> {
  return tx
    .select()
    .from(filtre)
    .where(and(eq(filtre.entrepriseId, entrepriseId), inArray(filtre.id, ids)))
    .for('update');
}

/** Writes the order of filters or displays: each id's place in `ids`. */
export async function arrangeRows(tx: Tx, table: 'filtre' | 'affichage', ids: number[]): Promise<void> {
  await tx.execute(sql`update ${sql.identifier(table)} t set idx = v.ord - 1
    from unnest(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) with ordinality as v(id, ord) where t.id = v.id`);
}

// Displays.

/** The displays of a board (or of the lists without one) shared or the person's own, in their order. */
export function listAffichages(tx: Tx, entrepriseId: number, userId: number, tableauId: number | null): Promise<AffichageRow[]> {
  return tx
    .select()
    .from(affichage)
    .where(
      and(
        eq(affichage.entrepriseId, entrepriseId),
        tableauId ? eq(affichage.tableauId, tableauId) : isNull(affichage.tableauId),
        or(isNull(affichage.utilisateurId), eq(affichage.utilisateurId, userId)),
      ),
    )
    .orderBy(asc(affichage.idx), asc(affichage.id));
}

/** A display of the company. */
export async function findAffichage(tx: Tx, entrepriseId: number, id: number): Promise<AffichageRow | undefined> {
  const [a] = await tx
    .select()
    .from(affichage)
    .where(and(eq(affichage.id, id), eq(affichage.entrepriseId, entrepriseId)));
  return a;
}

export async function insertAffichage(tx: Tx, values: typeof affichage.$inferInsert): Promise<AffichageRow> {
  const [a] = await tx.insert(affichage).values(values).returning();
  return a;
}

export async function updateAffichageRow(tx: Tx, id: number, changes: Partial<typeof affichage.$inferInsert>): Promise<AffichageRow> {
  const [u] = await tx.update(affichage).set(changes).where(eq(affichage.id, id)).returning();
  return u;
}

export async function deleteAffichageRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(affichage).where(eq(affichage.id, id));
}

// A board's processes.

/** The company's processes by state, of these workflows when some are given (none: no process, id -1). */
export function countByEtat(tx: Tx, entrepriseId: number, workflows: number[] | null): Promise<{ etat: string; count: number }[]> {
  return tx
    .select({ etat: process.etat, count: sql<number>`count(*)::int` })
    .from(process)
    .where(
      and(
        eq(process.entrepriseId, entrepriseId),
        workflows ? inArray(process.processModeleId, workflows.length ? workflows : [-1]) : undefined,
      ),
    )
    .groupBy(process.etat);
}

/**
 * One page of a board's processes sorted by one of its fields (metrique:<id>): its stored values are sorted as they
 * come (numbers as numbers, then texts, empty values last whatever the direction, then the newest number), without
 * an index; with each its current step's name and its first contractor company's name (read under its policy: one
 * without a relation to the caller stays empty), and the bounded count of the board's rows.
 */
export async function fieldSortedPage(
  tx: Tx,
  q: {
    entrepriseId: number;
    workflows: number[];
    conditions: SQL[];
    metriqueId: string;
    order: 'asc' | 'desc';
    perPage: number;
    offset: number;
  },
) {
  const where: SQL | undefined = and(
    eq(process.entrepriseId, q.entrepriseId),
    inArray(process.processModeleId, q.workflows),
    ...q.conditions,
  );
  const dir = sql.raw(q.order === 'asc' ? 'asc' : 'desc');
  const v = sql`(${process.rawData} -> ${q.metriqueId})`;
  const rows = await tx
    .select({ p: process, etapeNom: etape.nom, prestataire: entreprise.nom, niveaux: sql<string | null>`${niveauxOf(sql`${process.id}`)}` })
    .from(process)
    .leftJoin(etape, and(eq(etape.processModeleId, process.processModeleId), eq(etape.ordre, process.currentOrdre)))
    .leftJoin(entreprise, sql`${entreprise.id} = ${process.prestataireIds}[1]`)
    .where(where)
    .orderBy(
      sql`(case when jsonb_typeof(${v}) = 'number' then (${v})::numeric end) ${dir} nulls last`,
      sql`(case when jsonb_typeof(${v}) in ('null', 'number') then null else ${process.rawData} ->> ${q.metriqueId} end) ${dir} nulls last`,
      sql`${process.numero} desc`,
    )
    .limit(q.perPage)
    .offset(q.offset);
  const [[counted]] = await executePrepared(tx, boundedCount(sql`${process} where ${where}`));
  return { rows, count: Number(counted) };
}

import { API, abilitiesOn, type Critere, EXACT_COUNT_LIMIT, type ProcessSearch, type SortKey, type Tableau } from '@app/contracts';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { executePrepared, type Tx } from '../../platform/db/engine.ts';
import { assertCan, notFound } from '../../platform/http/errors.ts';
import { type Ctx, type RouteDef, route } from '../../platform/http/route.ts';
import { entreprise } from '../entreprise/entreprise.tables.ts';
import { grantCreatorAdmin, refreshRights } from '../permission/index.ts';
import { boundedCount, listRowOf, searchProcesses } from '../process/index.ts';
import { process } from '../process/process.tables.ts';
import { etape, metrique, processModele } from '../workflow/workflow.tables.ts';
import { critereSql } from './criteres.ts';
import { affichage, filtre, tableau } from './tableau.tables.ts';

const T = API.tableau;
type Row = typeof tableau.$inferSelect;

const present =
  (ctx: Pick<Ctx, 'caller'>) =>
  (r: Row): Tableau => ({
    id: r.id,
    nom: r.nom,
    icon: r.icon,
    logicielId: r.logicielId,
    config: r.config as Record<string, unknown>,
    workflows: r.workflows,
    metriques: r.metriques,
    gamme_modele_id: r.gammeModeleId,
    isEE: r.isEe,
    idx: r.idx,
    abilities: abilitiesOn(ctx.caller.ability, 'Tableau', { id: r.id, entrepriseId: r.entrepriseId }),
  });

async function tableauOrThrow(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number, action: 'read' | 'update' | 'delete' = 'read') {
  const [r] = await ctx.tx
    .select()
    .from(tableau)
    .where(and(eq(tableau.id, id), eq(tableau.entrepriseId, ctx.caller.entrepriseId)));
  if (!r) throw notFound('Tableau introuvable.');
  assertCan(ctx.caller.ability, action, 'Tableau', { id: r.id, entrepriseId: r.entrepriseId });
  return r;
}

/** Workflows and fields named by a board must be the company's; fields must belong to its workflows. */
async function assertRefs(tx: Tx, entrepriseId: number, workflows: number[], metriques: number[]) {
  if (workflows.length) {
    const found = await tx
      .select({ id: processModele.id })
      .from(processModele)
      .where(and(eq(processModele.entrepriseId, entrepriseId), inArray(processModele.id, workflows)));
    if (found.length !== new Set(workflows).size) throw notFound('Workflow introuvable.');
  }
  if (metriques.length) {
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
    if (found.length !== new Set(metriques).size) throw notFound('Champ introuvable dans les workflows du tableau.');
  }
}

/** Criteria on workflow fields must name fields of the board's workflows. */
async function assertCriteres(tx: Tx, board: Row, criteres: Critere[]) {
  const ids = criteres.filter((c) => c.champ.startsWith('metrique:')).map((c) => Number(c.champ.slice(9)));
  if (ids.length) await assertRefs(tx, board.entrepriseId, board.workflows, [...new Set(ids)]);
  for (const c of criteres) critereSql(c);
}

const presentFiltre = (f: typeof filtre.$inferSelect) => ({
  id: f.id,
  tableauId: f.tableauId,
  nom: f.nom,
  criteres: f.criteres as Critere[],
  idx: f.idx,
});
const presentAffichage = (a: typeof affichage.$inferSelect) => ({
  id: a.id,
  tableauId: a.tableauId,
  nom: a.nom,
  colonnes: a.colonnes as { key: string; visible: boolean; width?: number }[],
  tri: (a.tri ?? null) as { key: string; order: 'asc' | 'desc' } | null,
  personnel: a.utilisateurId !== null,
  idx: a.idx,
});

async function arrange(tx: Tx, table: 'filtre' | 'affichage', ids: number[]) {
  await tx.execute(sql`update ${sql.identifier(table)} t set idx = v.ord - 1
    from unnest(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) with ordinality as v(id, ord) where t.id = v.id`);
}

/** A display the caller may change: their own, or a shared one of a board they may update. */
async function affichageOrThrow(ctx: Ctx, id: number) {
  const [a] = await ctx.tx
    .select()
    .from(affichage)
    .where(and(eq(affichage.id, id), eq(affichage.entrepriseId, ctx.caller.entrepriseId)));
  if (!a || (a.utilisateurId !== null && a.utilisateurId !== ctx.caller.userId)) throw notFound('Affichage introuvable.');
  if (a.utilisateurId === null) assertCan(ctx.caller.ability, 'update', 'Tableau', { id: a.tableauId ?? 0, entrepriseId: a.entrepriseId });
  return a;
}

const ETAT_LIBELLES = { en_cours: 'En cours', termine: 'Terminé', inactif: 'Inactif' } as const;

export const tableauRoutes: RouteDef[] = [
  route(T.byLogiciel, async (ctx, { query }) => {
    const logicielId = query.logicielId ?? null;
    const rows = await ctx.tx
      .select()
      .from(tableau)
      .where(
        and(
          eq(tableau.entrepriseId, ctx.caller.entrepriseId),
          logicielId ? or(eq(tableau.logicielId, logicielId), isNull(tableau.logicielId)) : undefined,
        ),
      )
      .orderBy(asc(tableau.idx), asc(tableau.id));
    return rows.map(present(ctx)).filter((t) => t.abilities?.read);
  }),
  route(T.get, async (ctx, { params }) => present(ctx)(await tableauOrThrow(ctx, params.id))),
  route(T.formulairesEe, async (ctx) => {
    const rows = await ctx.tx
      .select()
      .from(tableau)
      .where(and(eq(tableau.entrepriseId, ctx.caller.entrepriseId), eq(tableau.isEe, true)))
      .orderBy(asc(tableau.idx));
    return rows.map(present(ctx));
  }),
  route(T.create, async (ctx, { body }) => {
    assertCan(ctx.caller.ability, 'create', 'Tableau', { entrepriseId: ctx.caller.entrepriseId });
    await assertRefs(ctx.tx, ctx.caller.entrepriseId, body.workflows ?? [], body.metriques ?? []);
    const [{ max }] = await ctx.tx
      .select({ max: sql<number>`coalesce(max(${tableau.idx}), -1)` })
      .from(tableau)
      .where(eq(tableau.entrepriseId, ctx.caller.entrepriseId));
    const [r] = await ctx.tx
      .insert(tableau)
      .values({
        entrepriseId: ctx.caller.entrepriseId,
        nom: body.nom,
        icon: body.icon ?? null,
        logicielId: body.logicielId ?? null,
        config: body.config ?? {},
        workflows: [...new Set(body.workflows ?? [])],
        metriques: [...new Set(body.metriques ?? [])],
        gammeModeleId: body.gamme_modele_id ?? null,
        isEe: body.isEE ?? false,
        idx: Number(max) + 1,
      })
      .returning();
    await grantCreatorAdmin(ctx.tx, ctx.caller, 'tableau', r.id);
    return present({ caller: await refreshRights(ctx.tx, ctx.caller) })(r);
  }),
  route(T.update, async (ctx, { body }) => {
    const r = await tableauOrThrow(ctx, body.id, 'update');
    const workflows = body.workflows ?? r.workflows;
    await assertRefs(ctx.tx, r.entrepriseId, workflows, body.metriques ?? r.metriques);
    const [u] = await ctx.tx
      .update(tableau)
      .set({
        ...(body.nom !== undefined ? { nom: body.nom } : {}),
        ...(body.icon !== undefined ? { icon: body.icon } : {}),
        ...(body.logicielId !== undefined ? { logicielId: body.logicielId } : {}),
        ...(body.config !== undefined ? { config: body.config } : {}),
        ...(body.workflows !== undefined ? { workflows: [...new Set(body.workflows)] } : {}),
        ...(body.metriques !== undefined ? { metriques: [...new Set(body.metriques)] } : {}),
        ...(body.gamme_modele_id !== undefined ? { gammeModeleId: body.gamme_modele_id } : {}),
        ...(body.isEE !== undefined ? { isEe: body.isEE } : {}),
      })
      .where(eq(tableau.id, r.id))
      .returning();
    return present(ctx)(u);
  }),
  route(T.delete, async (ctx, { params }) => {
    const r = await tableauOrThrow(ctx, params.id, 'delete');
    await ctx.tx.delete(tableau).where(eq(tableau.id, r.id));
    return { message: 'Tableau supprimé avec succès.', id: r.id };
  }),

  route(T.filtres, async (ctx, { query }) => {
    await tableauOrThrow(ctx, query.tableauId);
    return (await ctx.tx.select().from(filtre).where(eq(filtre.tableauId, query.tableauId)).orderBy(asc(filtre.idx), asc(filtre.id))).map(
      presentFiltre,
    );
  }),
  route(T.filtreCreate, async (ctx, { body }) => {
    const board = await tableauOrThrow(ctx, body.tableauId, 'update');
    await assertCriteres(ctx.tx, board, body.criteres);
    const [{ max }] = await ctx.tx
      .select({ max: sql<number>`coalesce(max(${filtre.idx}), -1)` })
      .from(filtre)
      .where(eq(filtre.tableauId, board.id));
    const [f] = await ctx.tx
      .insert(filtre)
      .values({ entrepriseId: board.entrepriseId, tableauId: board.id, nom: body.nom, criteres: body.criteres, idx: Number(max) + 1 })
      .returning();
    return presentFiltre(f);
  }),
  route(T.filtreUpdate, async (ctx, { body }) => {
    const [f] = await ctx.tx
      .select()
      .from(filtre)
      .where(and(eq(filtre.id, body.id), eq(filtre.entrepriseId, ctx.caller.entrepriseId)));
    if (!f) throw notFound('Filtre introuvable.');
    const board = await tableauOrThrow(ctx, f.tableauId, 'update');
    if (body.criteres) await assertCriteres(ctx.tx, board, body.criteres);
    const [u] = await ctx.tx
      .update(filtre)
      .set({ ...(body.nom !== undefined ? { nom: body.nom } : {}), ...(body.criteres ? { criteres: body.criteres } : {}) })
      .where(eq(filtre.id, f.id))
      .returning();
    return presentFiltre(u);
  }),
  route(T.filtreDelete, async (ctx, { params }) => {
    const [f] = await ctx.tx
      .select()
      .from(filtre)
      .where(and(eq(filtre.id, params.id), eq(filtre.entrepriseId, ctx.caller.entrepriseId)));
    if (!f) throw notFound('Filtre introuvable.');
    await tableauOrThrow(ctx, f.tableauId, 'update');
    await ctx.tx.delete(filtre).where(eq(filtre.id, f.id));
    return { message: 'Filtre supprimé avec succès.', id: f.id };
  }),
  route(T.filtreArrange, async (ctx, { body }) => {
    const ids = [...new Set(body.ids)];
    const rows = await ctx.tx
      .select()
      .from(filtre)
      .where(and(eq(filtre.entrepriseId, ctx.caller.entrepriseId), inArray(filtre.id, ids)))
      .for('update');
    if (rows.length !== ids.length || new Set(rows.map((r) => r.tableauId)).size !== 1) throw notFound('Filtre introuvable.');
    await tableauOrThrow(ctx, rows[0].tableauId, 'update');
    await arrange(ctx.tx, 'filtre', ids);
    return { message: 'Ordre enregistré avec succès.' };
  }),

  route(T.affichages, async (ctx, { query }) => {
    if (query.tableauId) await tableauOrThrow(ctx, query.tableauId);
    const rows = await ctx.tx
      .select()
      .from(affichage)
      .where(
        and(
          eq(affichage.entrepriseId, ctx.caller.entrepriseId),
          query.tableauId ? eq(affichage.tableauId, query.tableauId) : isNull(affichage.tableauId),
          or(isNull(affichage.utilisateurId), eq(affichage.utilisateurId, ctx.caller.userId)),
        ),
      )
      .orderBy(asc(affichage.idx), asc(affichage.id));
    return rows.map(presentAffichage);
  }),
  route(T.affichageCreate, async (ctx, { body }) => {
    if (body.tableauId) await tableauOrThrow(ctx, body.tableauId, body.personnel ? 'read' : 'update');
    else if (!body.personnel) assertCan(ctx.caller.ability, 'update', 'Tableau', { entrepriseId: ctx.caller.entrepriseId });
    const [a] = await ctx.tx
      .insert(affichage)
      .values({
        entrepriseId: ctx.caller.entrepriseId,
        tableauId: body.tableauId ?? null,
        utilisateurId: body.personnel ? ctx.caller.userId : null,
        nom: body.nom,
        colonnes: body.colonnes,
        tri: body.tri ?? null,
      })
      .returning();
    return presentAffichage(a);
  }),
  route(T.affichageUpdate, async (ctx, { body }) => {
    const a = await affichageOrThrow(ctx, body.id);
    let owner: { utilisateurId: number | null } | Record<string, never> = {};
    if (body.personnel !== undefined && body.personnel !== (a.utilisateurId !== null)) {
      // Sharing a personal display needs what creating a shared one needs; a shared one (its right was checked above)
      // becomes its editor's own.
      if (!body.personnel) {
        if (a.tableauId) await tableauOrThrow(ctx, a.tableauId, 'update');
        else assertCan(ctx.caller.ability, 'update', 'Tableau', { entrepriseId: ctx.caller.entrepriseId });
      }
      owner = { utilisateurId: body.personnel ? ctx.caller.userId : null };
    }
    const changes = {
      ...(body.nom !== undefined ? { nom: body.nom } : {}),
      ...(body.colonnes ? { colonnes: body.colonnes } : {}),
      ...(body.tri !== undefined ? { tri: body.tri } : {}),
      ...owner,
    };
    // Only `personnel` sent, already so: nothing to write, the display is answered unchanged.
    if (Object.keys(changes).length === 0) return presentAffichage(a);
    const [u] = await ctx.tx.update(affichage).set(changes).where(eq(affichage.id, a.id)).returning();
    return presentAffichage(u);
  }),
  route(T.affichageDelete, async (ctx, { params }) => {
    const a = await affichageOrThrow(ctx, params.id);
    await ctx.tx.delete(affichage).where(eq(affichage.id, a.id));
    return { message: 'Affichage supprimé avec succès.', id: a.id };
  }),
  route(T.affichageArrange, async (ctx, { body }) => {
    const ids = [...new Set(body.ids)];
    for (const id of ids) await affichageOrThrow(ctx, id);
    await arrange(ctx.tx, 'affichage', ids);
    return { message: 'Ordre enregistré avec succès.' };
  }),

  route(T.etatProcess, async (ctx, { query }) => {
    const board = query.tableauId ? await tableauOrThrow(ctx, query.tableauId) : null;
    const rows = await ctx.tx
      .select({ etat: process.etat, count: sql<number>`count(*)::int` })
      .from(process)
      .where(
        and(
          eq(process.entrepriseId, ctx.caller.entrepriseId),
          board ? inArray(process.processModeleId, board.workflows.length ? board.workflows : [-1]) : undefined,
        ),
      )
      .groupBy(process.etat);
    return (['en_cours', 'termine', 'inactif'] as const).map((etat) => ({
      etat,
      libelle: ETAT_LIBELLES[etat],
      count: rows.find((r) => r.etat === etat)?.count ?? 0,
    }));
  }),

  route(
    T.processes,
    async (ctx, { query }) => {
      const board = await tableauOrThrow(ctx, query.tableauId);
      let criteres: Critere[] = [];
      if (query.filtreId) {
        const [f] = await ctx.tx
          .select()
          .from(filtre)
          .where(and(eq(filtre.id, query.filtreId), eq(filtre.tableauId, board.id)));
        if (!f) throw notFound('Filtre introuvable pour ce tableau.');
        criteres = f.criteres as Critere[];
      }
      const conditions = criteres.map(critereSql);
      // A board without workflows shows nothing (no process has the id -1).
      const workflows = board.workflows.length ? board.workflows : [-1];
      if (!query.sort?.startsWith('metrique:')) {
        // A built-in column: the lists' statement (keys from their indexes, sequenced processes last, bounded count),
        // with the filter's conditions and the board's fields on each row.
        const search: ProcessSearch = {
          filters: { processModeleIds: workflows },
          sort: { key: (query.sort ?? 'numero') as SortKey, order: query.order },
          perPage: query.perPage,
          offset: query.offset,
          cursor: null,
        };
        return searchProcesses(ctx.tx, ctx.caller, search, query.tz, { where: conditions, metriques: board.metriques });
      }
      // A field (metrique:<id>): its stored values are sorted as they come (numbers as numbers), without an index.
      const where: SQL | undefined = and(
        eq(process.entrepriseId, ctx.caller.entrepriseId),
        inArray(process.processModeleId, workflows),
        ...conditions,
      );
      const rows = await ctx.tx
        .select({ p: process, etapeNom: etape.nom, prestataire: entreprise.nom })
        .from(process)
        .leftJoin(etape, and(eq(etape.processModeleId, process.processModeleId), eq(etape.ordre, process.currentOrdre)))
        // The first contractor company, read under its policy: one without a relation to the caller stays empty.
        .leftJoin(entreprise, sql`${entreprise.id} = ${process.prestataireIds}[1]`)
        .where(where)
        .orderBy(...fieldOrder(query.sort, query.order))
        .limit(query.perPage)
        .offset(query.offset);
      // Counted as the lists are: beyond EXACT_COUNT_LIMIT, the total says "more than".
      const [[counted]] = await executePrepared(ctx.tx, boundedCount(sql`${process} where ${where}`));
      const n = Number(counted);
      return {
        items: rows.map(({ p, etapeNom, prestataire }) => ({
          ...listRowOf(p, etapeNom, query.tz, prestataire),
          valeurs: Object.fromEntries(
            board.metriques.map((id) => [String(id), (p.rawData as Record<string, unknown>)[String(id)] ?? null]),
          ),
        })),
        total: Math.min(n, EXACT_COUNT_LIMIT),
        totalExact: n <= EXACT_COUNT_LIMIT,
        offset: query.offset,
        perPage: query.perPage,
      };
    },
    { listStatement: true },
  ),
];

/**
 * The order of a board's rows by one of its fields (metrique:<id>): numbers as numbers, then texts, empty values
 * last whatever the direction, then the newest number.
 */
function fieldOrder(key: string, order: 'asc' | 'desc'): SQL[] {
  const dir = sql.raw(order === 'asc' ? 'asc' : 'desc');
  const id = key.slice('metrique:'.length);
  const v = sql`(${process.rawData} -> ${id})`;
  return [
    sql`(case when jsonb_typeof(${v}) = 'number' then (${v})::numeric end) ${dir} nulls last`,
    sql`(case when jsonb_typeof(${v}) in ('null', 'number') then null else ${process.rawData} ->> ${id} end) ${dir} nulls last`,
    sql`${process.numero} desc`,
  ];
}

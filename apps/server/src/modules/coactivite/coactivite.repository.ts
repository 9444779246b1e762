import type { ActiviteCode, Decision, Incompatibilite, Portee } from '@app/contracts';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { processModele } from '../workflow/workflow.tables.ts';
import { coactiviteConflit, coactiviteIncompatibilite, coactiviteWorkflowActivite } from './coactivite.tables.ts';

// The SQL of coactivité: the company's matrix, its workflows' activities, the lockouts and permits open at the same
// time (with their equipment paths and zones) and the conflicts recorded between them.

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** Lockouts and permits: the processes of these software packages. */
export const PACKAGES = ['mc', 'permis'] as const;

/** Serialises the coactivité checks of a company: two conflicting processes checked at once see each other. */
export async function lockCoactivite(tx: Tx, entrepriseId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('coactivite'), ${entrepriseId})`);
}

// ---------------------------------------------------------------- the matrix

export async function matrixRows(tx: Tx, entrepriseId: number) {
  return tx
    .select({
      a: coactiviteIncompatibilite.activiteA,
      b: coactiviteIncompatibilite.activiteB,
      decision: coactiviteIncompatibilite.decision,
      portee: coactiviteIncompatibilite.portee,
      motif: coactiviteIncompatibilite.motif,
      updatedAt: coactiviteIncompatibilite.updatedAt,
      updatedBy: sql<string | null>`nullif(trim(coalesce(${utilisateur.prenom}, '') || ' ' || coalesce(${utilisateur.nom}, '')), '')`,
    })
    .from(coactiviteIncompatibilite)
    .leftJoin(utilisateur, eq(utilisateur.id, coactiviteIncompatibilite.updatedById))
    .where(eq(coactiviteIncompatibilite.entrepriseId, entrepriseId))
    .orderBy(coactiviteIncompatibilite.activiteA, coactiviteIncompatibilite.activiteB);
}

/** The matrix as the finder reads it. */
export async function matrixOfCompany(tx: Tx, entrepriseId: number): Promise<Incompatibilite[]> {
  return (await matrixRows(tx, entrepriseId)).map((r) => ({
    a: r.a as ActiviteCode,
    b: r.b as ActiviteCode,
    decision: r.decision as Decision,
    portee: r.portee as Portee,
    motif: r.motif,
  }));
}

export async function upsertCell(
  tx: Tx,
  v: { entrepriseId: number; a: string; b: string; decision: string; portee: string; motif: string; by: number },
) {
  const set = { decision: v.decision, portee: v.portee, motif: v.motif, updatedAt: new Date(), updatedById: v.by };
  await tx
    .insert(coactiviteIncompatibilite)
    .values({ entrepriseId: v.entrepriseId, activiteA: v.a, activiteB: v.b, ...set })
    .onConflictDoUpdate({
      target: [coactiviteIncompatibilite.entrepriseId, coactiviteIncompatibilite.activiteA, coactiviteIncompatibilite.activiteB],
      set,
    });
}

export async function cellOf(tx: Tx, entrepriseId: number, a: string, b: string) {
  const [row] = (await matrixRows(tx, entrepriseId)).filter((r) => r.a === a && r.b === b);
  return row ?? null;
}

export async function deleteCell(tx: Tx, entrepriseId: number, a: string, b: string) {
  await tx
    .delete(coactiviteIncompatibilite)
    .where(
      and(
        eq(coactiviteIncompatibilite.entrepriseId, entrepriseId),
        eq(coactiviteIncompatibilite.activiteA, a),
        eq(coactiviteIncompatibilite.activiteB, b),
      ),
    );
}

// ---------------------------------------------------------------- workflows' activities

/** The company's lockout and permit workflows with their activities. */
export async function workflowActivites(tx: Tx, entrepriseId: number) {
  return tx
    .select({
      processModeleId: processModele.id,
      libelle: processModele.libelle,
      package: processModele.package,
      activites: sql<string[]>`coalesce(${coactiviteWorkflowActivite.activites}, '{}'::text[])`,
    })
    .from(processModele)
    .leftJoin(coactiviteWorkflowActivite, eq(coactiviteWorkflowActivite.processModeleId, processModele.id))
    .where(and(eq(processModele.entrepriseId, entrepriseId), inArray(processModele.package, [...PACKAGES])))
    .orderBy(processModele.libelle, processModele.id);
}

export async function modeleOf(tx: Tx, entrepriseId: number, id: number) {
  const [m] = await tx
    .select({ id: processModele.id, package: processModele.package })
    .from(processModele)
    .where(and(eq(processModele.id, id), eq(processModele.entrepriseId, entrepriseId)));
  return m ?? null;
}

export async function saveWorkflowActivites(tx: Tx, entrepriseId: number, processModeleId: number, activites: string[]) {
  await tx
    .insert(coactiviteWorkflowActivite)
    .values({ entrepriseId, processModeleId, activites })
    .onConflictDoUpdate({ target: coactiviteWorkflowActivite.processModeleId, set: { activites } });
}

/** The activities the workflows of these processes carry. */
export async function activitesOfWorkflows(tx: Tx, modeleIds: number[]): Promise<Map<number, string[]>> {
  if (!modeleIds.length) return new Map();
  const rows = await tx
    .select({ id: coactiviteWorkflowActivite.processModeleId, activites: coactiviteWorkflowActivite.activites })
    .from(coactiviteWorkflowActivite)
    .where(inArray(coactiviteWorkflowActivite.processModeleId, modeleIds));
  return new Map(rows.map((r) => [r.id, r.activites]));
}

// ---------------------------------------------------------------- processes as the finder sees them

/** A lockout or permit with what the finder needs (window, equipment path, zones). */
export interface SubjectRow {
  id: number;
  entreprise_id: number;
  numero: number;
  nom: string;
  etat: string;
  package: string | null;
  process_modele_id: number;
  type_consignation: number | null;
  debut: string | null;
  fin: string | null;
  equipement_id: number | null;
  equipement_libelle: string | null;
  equipement_path: number[] | null;
  localisation_ids: number[] | null;
}

const WINDOW_DEBUT = sql`coalesce(p.date_intervention_debut, p.date_debut)`;
const WINDOW_FIN = sql`coalesce(p.date_intervention_fin, p.date_fin)`;
const idOf = (json: ReturnType<typeof sql>) => sql`(case when (${json} ->> 'id') ~ '^[0-9]{1,9}$' then (${json} ->> 'id')::int end)`;

const SUBJECT_COLUMNS = sql`p.id, p.entreprise_id, p.numero, p.nom_process as nom, p.etat, p.package, p.process_modele_id,
  p.type_consignation, ${WINDOW_DEBUT} as debut, ${WINDOW_FIN} as fin,
  ${idOf(sql`p.equipement`)} as equipement_id,
  coalesce(e.name, p.equipement ->> 'libelle') as equipement_libelle,
  e.path as equipement_path,
  array_remove(array_cat(array[e.localisation_id], (
    select array_agg(${idOf(sql`(p.raw_data -> m.id::text)`)}) from metrique m
     where m.process_modele_id = p.process_modele_id and m.data_type = 'location'
       and jsonb_typeof(p.raw_data -> m.id::text) = 'object')), null) as localisation_ids`;
const SUBJECT_FROM = sql`from process p left join equipement e
  on e.id = ${idOf(sql`p.equipement`)} and e.entreprise_id = p.entreprise_id and e.deleted_at is null`;

const asIso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const normalise = (r: SubjectRow): SubjectRow => ({ ...r, debut: asIso(r.debut), fin: asIso(r.fin) });

/** Processes by id, of the company. */
export async function subjectsByIds(tx: Tx, entrepriseId: number, ids: number[]): Promise<SubjectRow[]> {
  if (!ids.length) return [];
  const res = await tx.execute(
    sql`select ${SUBJECT_COLUMNS} ${SUBJECT_FROM} where p.entreprise_id = ${entrepriseId} and p.id in ${sql.raw(`(${ids.map(Number).join(',')})`)}`,
  );
  return rowsOf<SubjectRow>(res).map(normalise);
}

const intArray = (ids: readonly number[]) => sql.raw(`ARRAY[${ids.filter((i) => Number.isSafeInteger(i)).join(',')}]::int[]`);

/**
 * The company's lockouts and permits in progress whose window overlaps this one (null: unbounded), except `exceptId`,
 * that stand near the candidate: on its equipment's subtree or above it (`equipementPath`, ids from the root), or in
 * one of `zoneIds` (its zones with their parents and children), by their equipment's location or a location field.
 * `beforeId`: only those created before it (the earlier ones, which have precedence).
 */
export async function openSubjects(
  tx: Tx,
  entrepriseId: number,
  w: { debut: string | null; fin: string | null; exceptId: number; beforeId?: number; equipementPath: number[]; zoneIds: number[] },
): Promise<SubjectRow[]> {
  if (!w.equipementPath.length && !w.zoneIds.length) return [];
  const self = w.equipementPath[w.equipementPath.length - 1] ?? 0;
  const near = [
    ...(w.equipementPath.length
      ? [sql`${idOf(sql`p.equipement`)} = any(${intArray(w.equipementPath)})`, sql`e.path @> ARRAY[${self}::int]`]
      : []),
    ...(w.zoneIds.length
      ? [
          sql`e.localisation_id = any(${intArray(w.zoneIds)})`,
          sql`exists (select 1 from metrique m where m.process_modele_id = p.process_modele_id and m.data_type = 'location'
            and jsonb_typeof(p.raw_data -> m.id::text) = 'object'
            and ${idOf(sql`(p.raw_data -> m.id::text)`)} = any(${intArray(w.zoneIds)}))`,
        ]
      : []),
  ];
  const res = await tx.execute(sql`select ${SUBJECT_COLUMNS} ${SUBJECT_FROM}
    where p.entreprise_id = ${entrepriseId} and p.etat = 'en_cours' and p.package in ('mc', 'permis') and p.id <> ${w.exceptId}
      ${w.beforeId === undefined ? sql`` : sql`and p.id < ${w.beforeId}`}
      and (${w.debut}::timestamptz is null or ${WINDOW_FIN} is null or ${w.debut}::timestamptz < ${WINDOW_FIN})
      and (${w.fin}::timestamptz is null or ${WINDOW_DEBUT} is null or ${WINDOW_DEBUT} < ${w.fin}::timestamptz)
      and (${sql.join(near, sql` or `)})`);
  return rowsOf<SubjectRow>(res).map(normalise);
}

/** The locations under these ones (their children, at any depth), the given ones included. */
export async function zonesBelow(tx: Tx, ids: number[]): Promise<number[]> {
  const clean = [...new Set(ids.filter((i) => Number.isSafeInteger(i) && i > 0))];
  if (!clean.length) return [];
  const res = await tx.execute(sql`with recursive down(id, depth) as (
      select l.id, 0 from localisation l where l.id = any(${intArray(clean)})
      union all
      select l.id, d.depth + 1 from down d join localisation l on l.parent_id = d.id where d.depth < 64
    ) select distinct id from down`);
  return rowsOf<{ id: number }>(res).map((r) => r.id);
}

/** Each location with its path from the root (ids) and its label. */
export async function zonePaths(tx: Tx, ids: number[]): Promise<Map<number, { path: number[]; libelle: string }>> {
  const clean = [...new Set(ids.filter((i) => Number.isSafeInteger(i) && i > 0))];
  if (!clean.length) return new Map();
  const res = await tx.execute(sql`with recursive up(start, id, parent_id, depth) as (
      select l.id, l.id, l.parent_id, 0 from localisation l where l.id = any(${intArray(clean)})
      union all
      select u.start, l.id, l.parent_id, u.depth + 1 from up u join localisation l on l.id = u.parent_id where u.depth < 64
    )
    select u.start as id, array_agg(u.id order by u.depth desc) as path, (select libelle from localisation where id = u.start) as libelle
    from up u group by u.start`);
  return new Map(rowsOf<{ id: number; path: number[]; libelle: string }>(res).map((r) => [r.id, { path: r.path, libelle: r.libelle }]));
}

// ---------------------------------------------------------------- recorded conflicts

export type ConflitRow = typeof coactiviteConflit.$inferSelect;

/** The recorded conflicts a process is part of (either side). */
export async function conflitsOfProcess(tx: Tx, processId: number): Promise<ConflitRow[]> {
  return tx
    .select()
    .from(coactiviteConflit)
    .where(or(eq(coactiviteConflit.processId, processId), eq(coactiviteConflit.autreProcessId, processId)));
}

/** Records (or refreshes) the conflict of a later process with an earlier one; its co-signature is kept. */
export async function recordConflit(
  tx: Tx,
  v: Omit<typeof coactiviteConflit.$inferInsert, 'id' | 'foundAt' | 'cosigneParId' | 'cosigneNom' | 'cosigneAt' | 'cosigneHash'>,
): Promise<ConflitRow> {
  const set = { decision: v.decision, paires: v.paires, lieu: v.lieu, debut: v.debut, fin: v.fin, pourquoi: v.pourquoi };
  const [row] = await tx
    .insert(coactiviteConflit)
    .values(v)
    .onConflictDoUpdate({ target: [coactiviteConflit.processId, coactiviteConflit.autreProcessId], set })
    .returning();
  return row;
}

/** Locks the recorded conflict of a pair, in either order (recorded on the later process, the higher id). */
export async function lockConflit(tx: Tx, x: number, y: number): Promise<ConflitRow | null> {
  const [row] = await tx
    .select()
    .from(coactiviteConflit)
    .where(and(eq(coactiviteConflit.processId, Math.max(x, y)), eq(coactiviteConflit.autreProcessId, Math.min(x, y))))
    .for('update');
  return row ?? null;
}

export async function saveCosignature(
  tx: Tx,
  id: number,
  v: { par: number; nom: string; at: Date; hash: string; commentaire: string | null },
): Promise<void> {
  await tx
    .update(coactiviteConflit)
    .set({ cosigneParId: v.par, cosigneNom: v.nom, cosigneAt: v.at, cosigneHash: v.hash, commentaire: v.commentaire })
    .where(eq(coactiviteConflit.id, id));
}

/** Whether a sequencing makes `processId` wait for `lockedBy`. */
export async function isSequencedAfter(tx: Tx, processId: number, lockedBy: number): Promise<boolean> {
  const res = await tx.execute(
    sql`select 1 from process_sequencing where process_id = ${processId} and locked_by_process_id = ${lockedBy} limit 1`,
  );
  return rowsOf(res).length > 0;
}

/** The person's name as signed. */
export async function nameOf(tx: Tx, id: number): Promise<string> {
  const [u] = await tx.select({ nom: utilisateur.nom, prenom: utilisateur.prenom }).from(utilisateur).where(eq(utilisateur.id, id));
  return u ? `${u.prenom ?? ''} ${u.nom ?? ''}`.trim() : '';
}

/** The company of a process the caller sees (null: not seen). */
export async function entrepriseOfProcess(tx: Tx, processId: number): Promise<number | null> {
  const res = await tx.execute(sql`select entreprise_id from process where id = ${processId}`);
  return rowsOf<{ entreprise_id: number }>(res)[0]?.entreprise_id ?? null;
}

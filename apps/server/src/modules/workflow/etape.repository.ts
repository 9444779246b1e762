import { METRIQUE_IDX_LIMIT } from '@app/contracts';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { etape, etapeAutorisation, metrique } from './workflow.tables.ts';

/*
 * The parts of a workflow model: its steps, their fields and their rules (the model row itself is in
 * workflow.repository.ts). Writes run inside editModele, which holds the model's row lock.
 */

export type EtapeRow = typeof etape.$inferSelect;
export type MetriqueRow = typeof metrique.$inferSelect;
export type AutorisationRow = typeof etapeAutorisation.$inferSelect;
type Json = Record<string, unknown>;

// Steps

export async function etapeById(tx: Tx, entrepriseId: number, id: number): Promise<EtapeRow | null> {
  const [s] = await tx
    .select()
    .from(etape)
    .where(and(eq(etape.id, id), eq(etape.entrepriseId, entrepriseId)));
  return s ?? null;
}

export async function etapesOf(tx: Tx, modeleId: number): Promise<EtapeRow[]> {
  return tx.select().from(etape).where(eq(etape.processModeleId, modeleId)).orderBy(asc(etape.ordre), asc(etape.id));
}

export async function insertEtape(
  tx: Tx,
  v: { entrepriseId: number; processModeleId: number; nom: string; ordre: number; config: Json },
): Promise<number> {
  const [s] = await tx.insert(etape).values(v).returning({ id: etape.id });
  return s.id;
}

/** Moves the model's steps from `ordre` on one place down, in one statement. */
export async function shiftEtapesFrom(tx: Tx, modeleId: number, ordre: number) {
  await tx
    .update(etape)
    .set({ ordre: sql`${etape.ordre} + 1` })
    .where(and(eq(etape.processModeleId, modeleId), gte(etape.ordre, ordre)));
}

export async function updateEtapeRow(tx: Tx, id: number, v: { nom?: string; config?: Json }) {
  await tx.update(etape).set(v).where(eq(etape.id, id));
}

export async function deleteEtapeRow(tx: Tx, id: number) {
  await tx.delete(etape).where(eq(etape.id, id));
}

/** Rewrites `ordre` of the model's steps to 1..n in the given order, in one statement. */
export async function renumberEtapes(tx: Tx, ids: number[]) {
  if (!ids.length) return;
  await tx.execute(sql`update etape e set ordre = v.ord
    from unnest(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) with ordinality as v(id, ord) where e.id = v.id`);
}

// Fields

export async function metriqueById(tx: Tx, entrepriseId: number, id: number): Promise<MetriqueRow | null> {
  const [m] = await tx
    .select()
    .from(metrique)
    .where(and(eq(metrique.id, id), eq(metrique.entrepriseId, entrepriseId)));
  return m ?? null;
}

/** A field with the `ordre` of its step (how a field is presented). */
export async function metriqueWithOrdre(tx: Tx, id: number): Promise<{ m: MetriqueRow; ordre: number }> {
  const [r] = await tx
    .select({ m: metrique, ordre: etape.ordre })
    .from(metrique)
    .innerJoin(etape, eq(etape.id, metrique.etapeId))
    .where(eq(metrique.id, id));
  return r;
}

export async function metriquesOfEtape(tx: Tx, etapeId: number): Promise<MetriqueRow[]> {
  return tx.select().from(metrique).where(eq(metrique.etapeId, etapeId)).orderBy(asc(metrique.idx), asc(metrique.id));
}

export async function metriquesOfModele(tx: Tx, modeleId: number): Promise<MetriqueRow[]> {
  return tx.select().from(metrique).where(eq(metrique.processModeleId, modeleId));
}

/** Of these fields, those of the model. */
export async function metriquesOfModeleAmong(tx: Tx, modeleId: number, ids: number[]): Promise<number[]> {
  const r = await tx
    .select({ id: metrique.id })
    .from(metrique)
    .where(and(eq(metrique.processModeleId, modeleId), inArray(metrique.id, ids)));
  return r.map((x) => x.id);
}

/** Kinds of field that hold no value, so that a later field cannot show or reuse it. */
const NOT_REFERABLE = ['group', 'button', 'action_button', 'icon'];

/** The fields a field of a step at `ordre` may refer to: valued fields of the earlier steps, in step then idx order. */
export async function referableMetriquesBefore(tx: Tx, modeleId: number, ordre: number): Promise<{ m: MetriqueRow; ordre: number }[]> {
  const rows = await tx
    .select({ m: metrique, ordre: etape.ordre })
    .from(metrique)
    .innerJoin(etape, eq(etape.id, metrique.etapeId))
    .where(and(eq(metrique.processModeleId, modeleId), lt(etape.ordre, ordre)))
    .orderBy(asc(etape.ordre), asc(metrique.idx));
  return rows.filter((r) => !NOT_REFERABLE.includes(r.m.dataType));
}

export async function insertMetrique(tx: Tx, v: typeof metrique.$inferInsert): Promise<number> {
  const [row] = await tx.insert(metrique).values(v).returning({ id: metrique.id });
  return row.id;
}

/**
 * Moves the step's fields from `idx` on one place down, in one statement (atomic: the model row is locked); the
 * fields placed beyond the idx limit keep theirs.
 */
export async function shiftMetriquesFrom(tx: Tx, etapeId: number, idx: number) {
  await tx
    .update(metrique)
    .set({ idx: sql`${metrique.idx} + 1` })
    .where(and(eq(metrique.etapeId, etapeId), gte(metrique.idx, idx), lt(metrique.idx, METRIQUE_IDX_LIMIT)));
}

export async function updateMetriqueRow(tx: Tx, id: number, v: Partial<typeof metrique.$inferInsert>) {
  await tx.update(metrique).set(v).where(eq(metrique.id, id));
}

/** The children of a group follow it to its new step. */
export async function moveChildrenToEtape(tx: Tx, parentId: number, etapeId: number) {
  await tx.update(metrique).set({ etapeId }).where(eq(metrique.parentId, parentId));
}

export async function deleteMetriqueRow(tx: Tx, id: number) {
  await tx.delete(metrique).where(eq(metrique.id, id));
}

/** Rewrites idx of fields to 1..n in the given order, in one statement. */
export async function renumberMetriques(tx: Tx, ids: number[]) {
  if (!ids.length) return;
  await tx.execute(sql`update metrique m set idx = v.ord
    from unnest(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) with ordinality as v(id, ord) where m.id = v.id`);
}

/** Of these fields, those of the company's workflows. */
export async function metriquesAmong(tx: Tx, entrepriseId: number, ids: number[]) {
  const r = await tx
    .select({ id: metrique.id })
    .from(metrique)
    .where(and(eq(metrique.entrepriseId, entrepriseId), inArray(metrique.id, ids)));
  return r.map((x) => x.id);
}

// Rules

export async function autorisationById(tx: Tx, entrepriseId: number, id: number): Promise<AutorisationRow | null> {
  const [r] = await tx
    .select()
    .from(etapeAutorisation)
    .where(and(eq(etapeAutorisation.id, id), eq(etapeAutorisation.entrepriseId, entrepriseId)));
  return r ?? null;
}

export async function autorisationsOfEtapes(tx: Tx, etapeIds: number[]): Promise<AutorisationRow[]> {
  if (!etapeIds.length) return [];
  return tx.select().from(etapeAutorisation).where(inArray(etapeAutorisation.etapeId, etapeIds)).orderBy(asc(etapeAutorisation.id));
}

export async function insertAutorisation(tx: Tx, v: typeof etapeAutorisation.$inferInsert): Promise<AutorisationRow> {
  const [r] = await tx.insert(etapeAutorisation).values(v).returning();
  return r;
}

export async function deleteAutorisationRow(tx: Tx, id: number) {
  await tx.delete(etapeAutorisation).where(eq(etapeAutorisation.id, id));
}

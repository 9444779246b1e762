import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { process, processSequencing } from './process.tables.ts';

// The SQL of how processes hang together: parents and children, and sequencing (a process waiting for another).

type SequencingRow = typeof processSequencing.$inferSelect;

/** The parent of a process, or null (no company filter: RLS scopes it). */
export async function parentIdOf(tx: Tx, id: number): Promise<number | null> {
  const [up] = await tx.select({ parentId: process.parentId }).from(process).where(eq(process.id, id));
  return up?.parentId ?? null;
}

/** Attaches processes to a parent (or detaches them with null) at a level; each one's version moves on. */
export async function setParent(tx: Tx, ids: number[], parentId: number | null, niveau: number) {
  await tx
    .update(process)
    .set({ parentId, niveau, version: sql`${process.version} + 1` })
    .where(inArray(process.id, ids));
}

export async function childrenOf(tx: Tx, entrepriseId: number, ids: number[]) {
  if (!ids.length) return [];
  return tx
    .select({ id: process.id, parentId: process.parentId, nomProcess: process.nomProcess, numero: process.numero, etat: process.etat })
    .from(process)
    .where(and(eq(process.entrepriseId, entrepriseId), inArray(process.parentId, ids)))
    .orderBy(asc(process.numero));
}

/** The company's processes that have children, with how many. */
export async function processesWithChildren(tx: Tx, entrepriseId: number) {
  return tx
    .select({
      id: process.id,
      nomProcess: process.nomProcess,
      numero: process.numero,
      nbEnfants: sql<number>`(select count(*)::int from process c where c.parent_id = "process"."id")`,
    })
    .from(process)
    .where(and(eq(process.entrepriseId, entrepriseId), sql`exists (select 1 from process c where c.parent_id = "process"."id")`))
    .orderBy(asc(process.numero));
}

/** The processes these ones wait for (one step of sequencing). */
export async function awaitedBy(tx: Tx, processIds: number[]): Promise<number[]> {
  const rows = await tx
    .select({ id: processSequencing.lockedByProcessId })
    .from(processSequencing)
    .where(inArray(processSequencing.processId, processIds));
  return rows.map((r) => r.id);
}

/** Makes a process wait for another (idempotent). */
export async function upsertSequencing(tx: Tx, entrepriseId: number, processId: number, lockedByProcessId: number) {
  const [row] = await tx
    .insert(processSequencing)
    .values({ entrepriseId, processId, lockedByProcessId })
    .onConflictDoUpdate({ target: [processSequencing.processId, processSequencing.lockedByProcessId], set: { lockedByProcessId } })
    .returning();
  return row;
}

export async function sequencingList(tx: Tx, processId: number) {
  return tx
    .select({ id: processSequencing.id, processId: processSequencing.processId, lockedByProcessId: processSequencing.lockedByProcessId })
    .from(processSequencing)
    .where(eq(processSequencing.processId, processId))
    .orderBy(asc(processSequencing.id));
}

export async function findSequencing(tx: Tx, entrepriseId: number, id: number): Promise<SequencingRow | null> {
  const [row] = await tx
    .select()
    .from(processSequencing)
    .where(and(eq(processSequencing.id, id), eq(processSequencing.entrepriseId, entrepriseId)));
  return row ?? null;
}

export async function deleteSequencing(tx: Tx, id: number) {
  await tx.delete(processSequencing).where(eq(processSequencing.id, id));
}

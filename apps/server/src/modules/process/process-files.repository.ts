import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { peopleByIds } from './process.repository.ts';
import { processFile } from './process.tables.ts';

// The SQL of the files dropped on processes' file fields (their bytes live under the files directory).

export type FileRow = typeof processFile.$inferSelect;
type NewFile = typeof processFile.$inferInsert;

/** A file of the company; `entrepriseId` null: any the caller's policies show (a contractor's processes' files). */
export async function findFile(tx: Tx, entrepriseId: number | null, id: number): Promise<FileRow | null> {
  const [f] = await tx
    .select()
    .from(processFile)
    .where(and(eq(processFile.id, id), entrepriseId === null ? undefined : eq(processFile.entrepriseId, entrepriseId)));
  return f ?? null;
}

/** The files of a process (of one field if given), with who dropped them. */
export async function filesOf(tx: Tx, processId: number, metriqueId: number | undefined) {
  const rows = await tx
    .select()
    .from(processFile)
    .where(and(eq(processFile.processId, processId), metriqueId ? eq(processFile.metriqueId, metriqueId) : undefined))
    .orderBy(asc(processFile.id));
  const people = await peopleByIds(
    tx,
    rows.map((f) => f.uploadedById),
  );
  return rows.map((f) => ({ ...f, uploadedBy: (f.uploadedById && people.get(f.uploadedById)) || null }));
}

/** The fields of a process that hold at least one file. */
export async function fieldIdsWithFiles(tx: Tx, processId: number): Promise<number[]> {
  const rows = await tx.select({ metriqueId: processFile.metriqueId }).from(processFile).where(eq(processFile.processId, processId));
  return rows.map((r) => r.metriqueId);
}

export async function countFiles(tx: Tx, processId: number, metriqueId: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(processFile)
    .where(and(eq(processFile.processId, processId), eq(processFile.metriqueId, metriqueId)));
  return n;
}

export async function insertFile(tx: Tx, values: NewFile): Promise<FileRow> {
  const [row] = await tx.insert(processFile).values(values).returning();
  return row;
}

export async function deleteFile(tx: Tx, id: number) {
  await tx.delete(processFile).where(eq(processFile.id, id));
}

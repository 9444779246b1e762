import { createHash } from 'node:crypto';
import type { EngineState, ProcessEtat, StepState } from '@app/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { etape, metrique, processModele } from '../workflow/workflow.tables.ts';
import { process, processCounter, processEtape, processJournal, processSequencing, signature } from './process.tables.ts';

export type ProcessRow = typeof process.$inferSelect;

/** The next number of a company (stored times 100), without gaps or duplicates: the counter row is locked. */
export async function nextNumero(tx: Tx, entrepriseId: number): Promise<number> {
  const [r] = await tx
    .insert(processCounter)
    .values({ entrepriseId, last: 1 })
    .onConflictDoUpdate({ target: processCounter.entrepriseId, set: { last: sql`${processCounter.last} + 1` } })
    .returning({ last: processCounter.last });
  return r.last * 100;
}

/** Locks a process row for a change (concurrent writers of one process wait for each other). */
export async function lockProcess(tx: Tx, entrepriseId: number, id: number): Promise<ProcessRow | null> {
  const [p] = await tx
    .select()
    .from(process)
    .where(and(eq(process.id, id), eq(process.entrepriseId, entrepriseId)))
    .for('update');
  return p ?? null;
}

export async function findProcess(tx: Tx, entrepriseId: number, id: number): Promise<ProcessRow | null> {
  const [p] = await tx
    .select()
    .from(process)
    .where(and(eq(process.id, id), eq(process.entrepriseId, entrepriseId)));
  return p ?? null;
}

export async function stepsOfModele(tx: Tx, modeleId: number) {
  return tx.select().from(etape).where(eq(etape.processModeleId, modeleId)).orderBy(asc(etape.ordre), asc(etape.id));
}

export async function fieldsOfModele(tx: Tx, modeleId: number) {
  return tx.select().from(metrique).where(eq(metrique.processModeleId, modeleId)).orderBy(asc(metrique.idx), asc(metrique.id));
}

export async function loadEngineState(tx: Tx, p: ProcessRow): Promise<EngineState> {
  const rows = await tx.select().from(processEtape).where(eq(processEtape.processId, p.id)).orderBy(asc(processEtape.ordre));
  return {
    etat: p.etat as ProcessEtat,
    status: p.status,
    currentOrdre: p.currentOrdre,
    steps: rows.map((r) => ({
      etapeId: r.etapeId,
      ordre: r.ordre,
      etat: r.etat,
      isValid: r.isValid,
      dateRealise: r.dateRealise ? new Date(r.dateRealise).toISOString() : null,
      saved: r.saved,
      obsolete: r.obsolete,
    })),
  };
}

/** Writes the engine state back: the process's state columns and its step records (records dropped are deleted). */
export async function saveEngineState(tx: Tx, p: ProcessRow, s: EngineState, by: number) {
  await tx
    .update(process)
    .set({
      etat: s.etat,
      status: s.status,
      currentOrdre: s.currentOrdre,
      version: sql`${process.version} + 1`,
      lastModifyAt: sql`now()`,
      lastModifyById: by,
    })
    .where(eq(process.id, p.id));
  const keep = s.steps.map((x) => x.etapeId);
  await tx
    .delete(processEtape)
    .where(
      and(
        eq(processEtape.processId, p.id),
        keep.length ? sql`${processEtape.etapeId} <> all(${sql.raw(`ARRAY[${keep.join(',') || '0'}]::int[]`)})` : undefined,
      ),
    );
  for (const x of s.steps) await upsertStep(tx, p, x);
  if (s.etat === 'termine' && p.etat !== 'termine') await releaseWaitingOn(tx, p.id);
}

async function upsertStep(tx: Tx, p: ProcessRow, x: StepState) {
  const values = {
    etat: x.etat,
    isValid: x.isValid,
    dateRealise: x.dateRealise ? new Date(x.dateRealise) : null,
    saved: x.saved,
    obsolete: x.obsolete,
    ordre: x.ordre,
  };
  await tx
    .insert(processEtape)
    .values({ entrepriseId: p.entrepriseId, processId: p.id, etapeId: x.etapeId, ...values })
    .onConflictDoUpdate({ target: [processEtape.processId, processEtape.etapeId], set: values });
}

/** Appends to the audit journal (the application role may not update or delete it). */
export async function journal(
  tx: Tx,
  p: { id: number; entrepriseId: number },
  by: number | null,
  action: string,
  step: { id: number; ordre: number } | null,
  before: unknown,
  after: unknown,
) {
  await tx.insert(processJournal).values({
    entrepriseId: p.entrepriseId,
    processId: p.id,
    utilisateurId: by,
    action,
    etapeId: step?.id ?? null,
    etapeOrdre: step?.ordre ?? null,
    before: before ?? null,
    after: after ?? null,
  });
}

export async function journalOf(tx: Tx, processId: number, etapeId: number | null) {
  const rows = await tx
    .select({ j: processJournal, nom: utilisateur.nom, prenom: utilisateur.prenom })
    .from(processJournal)
    .leftJoin(utilisateur, eq(utilisateur.id, processJournal.utilisateurId))
    .where(and(eq(processJournal.processId, processId), etapeId ? eq(processJournal.etapeId, etapeId) : undefined))
    .orderBy(asc(processJournal.id));
  return rows.map(({ j, nom, prenom }) => ({
    id: j.id,
    at: new Date(j.at).toISOString(),
    utilisateur: j.utilisateurId && nom !== null ? { id: j.utilisateurId, nom, prenom: prenom ?? '' } : null,
    action: j.action,
    etapeOrdre: j.etapeOrdre,
    before: j.before,
    after: j.after,
  }));
}

/** SHA-256 of a step's field values, canonical (fields sorted by id): what a signature covers. */
export function hashOfStep(etapeId: number, fieldIds: number[], values: Record<string, unknown>): string {
  const canonical = JSON.stringify({ etapeId, values: [...fieldIds].sort((a, b) => a - b).map((id) => [id, values[String(id)] ?? null]) });
  return createHash('sha256').update(canonical).digest('hex');
}

export async function liveSignatures(tx: Tx, processId: number) {
  return tx
    .select({ s: signature, nom: utilisateur.nom, prenom: utilisateur.prenom })
    .from(signature)
    .innerJoin(utilisateur, eq(utilisateur.id, signature.utilisateurId))
    .where(and(eq(signature.processId, processId), isNull(signature.clearedAt)))
    .orderBy(asc(signature.id));
}

/** Adds the signer's signature on a field unless they already have a live one (retries and double clicks). */
export async function addSignature(
  tx: Tx,
  v: { entrepriseId: number; processId: number; etapeId: number; metriqueId: number; utilisateurId: number; image: string; hash: string },
) {
  await tx.insert(signature).values(v).onConflictDoNothing();
}

export async function clearSignatures(tx: Tx, processId: number, etapeIds: number[]) {
  if (!etapeIds.length) return 0;
  const r = await tx
    .update(signature)
    .set({ clearedAt: sql`now()` })
    .where(and(eq(signature.processId, processId), inArray(signature.etapeId, etapeIds), isNull(signature.clearedAt)))
    .returning({ id: signature.id });
  return r.length;
}

/** Sequencing rows where this process waits, with whether the awaited one is still unfinished. */
export async function sequencingOf(tx: Tx, processId: number) {
  return tx
    .select({
      id: processSequencing.id,
      processId: processSequencing.processId,
      lockedByProcessId: processSequencing.lockedByProcessId,
      awaitedEtat: process.etat,
    })
    .from(processSequencing)
    .innerJoin(process, eq(process.id, processSequencing.lockedByProcessId))
    .where(eq(processSequencing.processId, processId));
}

/** Recomputes the sequenced flag of processes (waiting for a process that is not finished). */
export async function refreshSequenced(tx: Tx, ids: number[]) {
  if (!ids.length) return;
  await tx.execute(sql`update process p set sequenced = exists (
      select 1 from process_sequencing s join process w on w.id = s.locked_by_process_id
      where s.process_id = p.id and w.etat <> 'termine')
    where p.id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`);
}

/** After a process finishes, those waiting for it may be free. */
export async function releaseWaitingOn(tx: Tx, processId: number) {
  const rows = await tx
    .select({ id: processSequencing.processId })
    .from(processSequencing)
    .where(eq(processSequencing.lockedByProcessId, processId));
  await refreshSequenced(
    tx,
    rows.map((r) => r.id),
  );
}

export async function modeleOf(tx: Tx, id: number) {
  const [m] = await tx.select().from(processModele).where(eq(processModele.id, id));
  return m ?? null;
}

export async function peopleByIds(tx: Tx, ids: (number | null)[]) {
  const list = [...new Set(ids.filter((x): x is number => x !== null))];
  if (!list.length) return new Map<number, { id: number; nom: string; prenom: string }>();
  const rows = await tx
    .select({ id: utilisateur.id, nom: utilisateur.nom, prenom: utilisateur.prenom })
    .from(utilisateur)
    .where(inArray(utilisateur.id, list));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function childrenOf(tx: Tx, entrepriseId: number, ids: number[]) {
  if (!ids.length) return [];
  return tx
    .select({ id: process.id, parentId: process.parentId, nomProcess: process.nomProcess, numero: process.numero, etat: process.etat })
    .from(process)
    .where(and(eq(process.entrepriseId, entrepriseId), inArray(process.parentId, ids)))
    .orderBy(asc(process.numero));
}

/** Of these processes, those of the company. */
export async function processesAmong(tx: Tx, entrepriseId: number, ids: number[]) {
  const r = await tx
    .select({ id: process.id })
    .from(process)
    .where(and(eq(process.entrepriseId, entrepriseId), inArray(process.id, ids)));
  return r.map((x) => x.id);
}

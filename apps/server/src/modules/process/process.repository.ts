import { createHash } from 'node:crypto';
import type { EngineState, ProcessEtat, StepRule, StepState } from '@app/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { processEvent } from '../../platform/db/platform.tables.ts';
import { type ProcessEventType, publishProcessEvent } from '../../platform/realtime/bus.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { etape, etapeAutorisation, metrique, processModele } from '../workflow/workflow.tables.ts';
import { process, processCounter, processEtape, processJournal, processSequencing } from './process.tables.ts';

// The SQL of processes, their engine state, journal and signatures, and the workflow model they read.
// Signatures: process-signatures.repository.ts; parents and sequencing: process-structure.repository.ts; files:
// process-files.repository.ts.

export type ProcessRow = typeof process.$inferSelect;
export type NewProcess = typeof process.$inferInsert;
export type Step = typeof etape.$inferSelect;
export type Field = typeof metrique.$inferSelect;

/** The next number of a company (stored times 100), without gaps or duplicates: the counter row is locked. */
export async function nextNumero(tx: Tx, entrepriseId: number): Promise<number> {
  const [r] = await tx
    .insert(processCounter)
    .values({ entrepriseId, last: 1 })
    .onConflictDoUpdate({ target: processCounter.entrepriseId, set: { last: sql`${processCounter.last} + 1` } })
    .returning({ last: processCounter.last });
  return r.last * 100;
}

/**
 * Locks a process row for a change (concurrent writers of one process wait for each other). `entrepriseId` null: any
 * process the caller's policies let it change (a contractor's processes of its clients, migration 0015).
 */
export async function lockProcess(tx: Tx, entrepriseId: number | null, id: number): Promise<ProcessRow | null> {
  const [p] = await tx
    .select()
    .from(process)
    .where(and(eq(process.id, id), entrepriseId === null ? undefined : eq(process.entrepriseId, entrepriseId)))
    .for('update');
  return p ?? null;
}

/** Locks the company's processes among these ids (those of another company or missing are left out). */
export async function lockProcesses(tx: Tx, entrepriseId: number, ids: number[]): Promise<ProcessRow[]> {
  return tx
    .select()
    .from(process)
    .where(and(eq(process.entrepriseId, entrepriseId), inArray(process.id, ids)))
    .for('update');
}

/** A process of the company; `entrepriseId` null: any process the caller's policies show (a contractor's). */
export async function findProcess(tx: Tx, entrepriseId: number | null, id: number): Promise<ProcessRow | null> {
  const [p] = await tx
    .select()
    .from(process)
    .where(and(eq(process.id, id), entrepriseId === null ? undefined : eq(process.entrepriseId, entrepriseId)));
  return p ?? null;
}

export async function insertProcess(tx: Tx, values: NewProcess): Promise<ProcessRow> {
  const [row] = await tx.insert(process).values(values).returning();
  return row;
}

/** Writes header fields and values (the engine state is written by saveEngineState). */
export async function updateProcessRow(tx: Tx, id: number, set: Partial<NewProcess>) {
  await tx.update(process).set(set).where(eq(process.id, id));
}

/** Records who changed the process last, and when (a change outside its columns: a signature). */
export async function touchProcess(tx: Tx, id: number, by: number) {
  await tx.update(process).set({ lastModifyAt: new Date(), lastModifyById: by }).where(eq(process.id, id));
}

/** The process and all its descendants in the company (the root first). */
export async function processAndDescendants(tx: Tx, entrepriseId: number, id: number): Promise<number[]> {
  const ids = [id];
  for (let frontier = [id]; frontier.length; ) {
    const kids = await tx
      .select({ id: process.id })
      .from(process)
      .where(and(eq(process.entrepriseId, entrepriseId), inArray(process.parentId, frontier)));
    frontier = kids.map((k) => k.id).filter((k) => !ids.includes(k));
    ids.push(...frontier);
  }
  return ids;
}

export async function deleteProcesses(tx: Tx, entrepriseId: number, ids: number[]) {
  await tx.delete(process).where(and(eq(process.entrepriseId, entrepriseId), inArray(process.id, ids)));
}

/** Of these processes, those of the company. */
export async function processesAmong(tx: Tx, entrepriseId: number, ids: number[]) {
  const r = await tx
    .select({ id: process.id })
    .from(process)
    .where(and(eq(process.entrepriseId, entrepriseId), inArray(process.id, ids)));
  return r.map((x) => x.id);
}

// --- The workflow model a process follows (read only; the workflow module writes it) ---

export async function modeleOf(tx: Tx, id: number) {
  const [m] = await tx.select().from(processModele).where(eq(processModele.id, id));
  return m ?? null;
}

/** A workflow of the company; `entrepriseId` null: any the caller's policies show (a contractor's clients'). */
export async function modeleOfCompany(tx: Tx, entrepriseId: number | null, id: number) {
  const [m] = await tx
    .select()
    .from(processModele)
    .where(and(eq(processModele.id, id), entrepriseId === null ? undefined : eq(processModele.entrepriseId, entrepriseId)));
  return m ?? null;
}

export async function stepsOfModele(tx: Tx, modeleId: number): Promise<Step[]> {
  return tx.select().from(etape).where(eq(etape.processModeleId, modeleId)).orderBy(asc(etape.ordre), asc(etape.id));
}

/** A step of the company (any of its workflows). */
export async function stepOfCompany(tx: Tx, entrepriseId: number, etapeId: number): Promise<Step | null> {
  const [s] = await tx
    .select()
    .from(etape)
    .where(and(eq(etape.id, etapeId), eq(etape.entrepriseId, entrepriseId)));
  return s ?? null;
}

/** A step of this workflow model. */
export async function stepOfModele(tx: Tx, modeleId: number, etapeId: number): Promise<Step | null> {
  const [s] = await tx
    .select()
    .from(etape)
    .where(and(eq(etape.id, etapeId), eq(etape.processModeleId, modeleId)));
  return s ?? null;
}

export async function fieldsOfModele(tx: Tx, modeleId: number): Promise<Field[]> {
  return tx.select().from(metrique).where(eq(metrique.processModeleId, modeleId)).orderBy(asc(metrique.idx), asc(metrique.id));
}

export async function fieldsOfStep(tx: Tx, etapeId: number): Promise<Field[]> {
  return tx.select().from(metrique).where(eq(metrique.etapeId, etapeId)).orderBy(asc(metrique.idx));
}

/** The step a field belongs to, or null. */
export async function stepIdOfField(tx: Tx, metriqueId: number): Promise<number | null> {
  const [m] = await tx.select({ etapeId: metrique.etapeId }).from(metrique).where(eq(metrique.id, metriqueId));
  return m?.etapeId ?? null;
}

/** The authorisation rows of a step, as stored. */
export async function ruleRowsOfStep(tx: Tx, etapeId: number) {
  return tx.select().from(etapeAutorisation).where(eq(etapeAutorisation.etapeId, etapeId));
}

/** The authorisation rules of a step, as the pure rule (canActOnStep) reads them. */
export async function rulesOfStep(tx: Tx, etapeId: number): Promise<StepRule[]> {
  return (await ruleRowsOfStep(tx, etapeId)).map((r): StepRule => {
    switch (r.type) {
      case 'profil':
        return { type: 'profil', profilId: r.profilModeleId ?? 0 };
      case 'service':
        return { type: 'service', serviceId: r.serviceModeleId ?? 0 };
      case 'condition':
        return { type: 'condition', test: r.test as never };
      case 'prestataire':
        return { type: 'prestataire' };
      default:
        return { type: r.type as 'validateur' | 'utilisateur', utilisateurId: r.utilisateurId ?? 0 };
    }
  });
}

// --- People named by a process ---

/**
 * The names (never e-mails) of people named by a process: creator, last editor, person in charge, signers, journal
 * authors, file droppers. Read through app_person_names (migration 0015): the caller's company's people and those of
 * the companies it works with, in either direction, so that a contractor reads who signed its client's process.
 */
export async function peopleByIds(tx: Tx, ids: (number | null | undefined)[]) {
  const list = [...new Set(ids.filter((x): x is number => typeof x === 'number'))];
  if (!list.length) return new Map<number, { id: number; nom: string; prenom: string }>();
  const res = await tx.execute(sql`select id, nom, prenom from app_person_names(${`{${list.map(Number).join(',')}}`}::int[])`);
  const rows = (res as unknown as { rows: { id: number; nom: string; prenom: string }[] }).rows;
  return new Map(rows.map((r) => [r.id, { id: r.id, nom: r.nom, prenom: r.prenom }]));
}

/** A person's name and service (the preparer of a new process, the service a step rule may name). */
export async function personOf(tx: Tx, id: number) {
  const [u] = await tx
    .select({ nom: utilisateur.nom, prenom: utilisateur.prenom, serviceId: utilisateur.serviceModeleId })
    .from(utilisateur)
    .where(eq(utilisateur.id, id));
  return u ?? null;
}

// --- Engine state: the process's state columns and its step records ---

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

// --- Journal ---

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
    .select()
    .from(processJournal)
    .where(and(eq(processJournal.processId, processId), etapeId ? eq(processJournal.etapeId, etapeId) : undefined))
    .orderBy(asc(processJournal.id));
  const people = await peopleByIds(
    tx,
    rows.map((j) => j.utilisateurId),
  );
  return rows.map((j) => ({
    id: j.id,
    at: new Date(j.at).toISOString(),
    utilisateur: (j.utilisateurId && people.get(j.utilisateurId)) || null,
    action: j.action,
    etapeOrdre: j.etapeOrdre,
    before: j.before,
    after: j.after,
  }));
}

/**
 * The step history the form shows, from the journal:
 * - `lastReturns`: the last return (« renvoi ») to each step sent back: a `renvoi` row names the step it left
 *   (etape_id) and the step reopened (after.etapeOrdre); the newest per reopened step, with its reason and author;
 * - `validations`: the last signing of each step (`signature`, `signature-cloture` rows name the signed step).
 */
export async function stepHistoryOf(tx: Tx, p: { id: number; processModeleId: number }) {
  const res = await tx.execute(sql`
    select distinct on (j.action = 'renvoi', e.id) j.action, e.id as etape_id, j.etape_id as from_etape_id,
           j.after ->> 'motif' as motif, j.at, j.utilisateur_id
    from ${processJournal} j
    join ${etape} e on e.process_modele_id = ${p.processModeleId}::int and case
      when j.action = 'renvoi' then e.ordre = case when jsonb_typeof(j.after -> 'etapeOrdre') = 'number' then (j.after ->> 'etapeOrdre')::numeric end
      else e.id = j.etape_id end
    where j.process_id = ${p.id}::int and j.action in ('renvoi', 'signature', 'signature-cloture')
    order by j.action = 'renvoi', e.id, j.id desc`);
  const rows = (res as unknown as { rows: Record<string, unknown>[] }).rows;
  // Names through peopleByIds: the same reading of people as the rest of the process (a contractor's included).
  const people = await peopleByIds(
    tx,
    rows.map((r) => (r.utilisateur_id === null ? null : Number(r.utilisateur_id))),
  );
  const by = (r: Record<string, unknown>) => (r.utilisateur_id === null ? null : (people.get(Number(r.utilisateur_id)) ?? null));
  const at = (r: Record<string, unknown>) => new Date(r.at as string).toISOString();
  return {
    lastReturns: rows
      .filter((r) => r.action === 'renvoi')
      .map((r) => ({
        etapeId: Number(r.etape_id),
        fromEtapeId: r.from_etape_id === null ? null : Number(r.from_etape_id),
        motif: typeof r.motif === 'string' && r.motif.trim() ? r.motif : null,
        at: at(r),
        by: by(r),
      })),
    validations: rows.filter((r) => r.action !== 'renvoi').map((r) => ({ etapeId: Number(r.etape_id), at: at(r), by: by(r) })),
  };
}

// --- Signatures (their rows: process-signatures.repository.ts) ---

/** SHA-256 of a step's field values, canonical (fields sorted by id): what a signature covers. */
export function hashOfStep(etapeId: number, fieldIds: number[], values: Record<string, unknown>): string {
  const canonical = JSON.stringify({ etapeId, values: [...fieldIds].sort((a, b) => a - b).map((id) => [id, values[String(id)] ?? null]) });
  return createHash('sha256').update(canonical).digest('hex');
}

// --- Sequencing as the engine reads it (the rows themselves: process-structure.repository.ts) ---

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

/**
 * After a process finishes, those waiting for it may be free: their flag is recomputed by app_release_waiting_on
 * (migration 0015), also when a contractor ends its client's process and may not see the waiting ones.
 */
async function releaseWaitingOn(tx: Tx, processId: number) {
  await tx.execute(sql`select app_release_waiting_on(${processId})`);
}

// --- Events ---

/** Tells the open lists and process screens of the company that processes changed (sent at commit). */
export function announce(tx: Tx, entrepriseId: number, type: ProcessEventType, ids: number[]) {
  return publishProcessEvent(tx, entrepriseId, type, ids);
}

/**
 * Tells the open lists and screens that these processes changed through another module's records (a lockout's
 * operations, points, padlocks, attestations…): an 'updated' event, each process once, sent at commit. Only the
 * processes the transaction's role sees are named (a contractor announces its own: its insert policy, migration 0015).
 */
export async function announceProcessChange(tx: Tx, entrepriseId: number, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const seen = await visibleProcessIds(tx, unique);
  const named = unique.filter((id) => seen.has(id));
  if (named.length) await announce(tx, entrepriseId, 'updated', named);
}

/** Of these processes, those the caller's policies show (a contractor's live events: process-events.routes.ts). */
export async function visibleProcessIds(tx: Tx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await tx.select({ id: process.id }).from(process).where(inArray(process.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** The last process event of the caller's company (RLS): where a live stream with nothing to replay starts. */
export async function lastProcessEventId(tx: Tx): Promise<number> {
  const [{ last }] = await tx.select({ last: sql<number>`coalesce(max(${processEvent.id}), 0)::int` }).from(processEvent);
  return last;
}

import { type Conflit, messageConflit } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { asSystem } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { journal, type ProcessRow, sequenceAfter } from '../../process/index.ts';
import { entrepriseOfProcess, isSequencedAfter, lockCoactivite, lockConflit, recordConflit } from '../coactivite.repository.ts';
import { conflictsOf, type Window } from './find-conflicts.ts';

/**
 * A contractor signs its steps of a client's process: the check reads and writes the client's lockouts and permits,
 * which its own role does not show (every read and write below names the process's company).
 */
const CONTRACTOR_SCOPE = 'coactivite: a contractor’s action is checked against all its client’s open lockouts and permits';
export async function inCompanyOf<T>(tx: Tx, caller: Caller, entrepriseId: number, fn: () => Promise<T>): Promise<T> {
  return caller.partner || caller.entrepriseId !== entrepriseId ? asSystem(tx, CONTRACTOR_SCOPE, fn) : fn();
}

const details = (list: readonly Conflit[]) =>
  list.map((c) => ({ champ: `process.${c.autreId}`, message: c.pourquoi, decision: c.decision, autreNumero: c.autreNumero }));

function refuse(conflits: readonly Conflit[], decision: Conflit['decision']): never {
  throw new AppError('CONFLICT', messageConflit(conflits, decision), details(conflits.filter((c) => c.decision === decision)));
}

const recordOf = (entrepriseId: number, processId: number, c: Conflit) => ({
  entrepriseId,
  processId,
  autreProcessId: c.autreId,
  decision: c.decision,
  paires: c.paires,
  lieu: c.lieu,
  debut: c.debut ? new Date(c.debut) : null,
  fin: c.fin ? new Date(c.fin) : null,
  pourquoi: c.pourquoi,
});

/**
 * Records conflicts found for a (later) process on both processes' journals; a sequenced one makes it wait for the
 * other. Used at creation and by the demo data.
 */
export async function recordConflicts(tx: Tx, p: { id: number; entrepriseId: number }, conflits: readonly Conflit[], by: number | null) {
  for (const c of conflits) {
    await recordConflit(tx, recordOf(p.entrepriseId, p.id, c));
    const after = { autreProcessId: c.autreId, decision: c.decision, pourquoi: c.pourquoi };
    await journal(tx, p, by, 'coactivite', null, null, after);
    await journal(tx, { id: c.autreId, entrepriseId: p.entrepriseId }, by, 'coactivite', null, null, { ...after, autreProcessId: p.id });
    if (c.decision === 'sequencement')
      await sequenceAfter(tx, { entrepriseId: p.entrepriseId, processId: p.id, lockedByProcessId: c.autreId, by, raison: c.pourquoi });
  }
}

/**
 * A lockout or permit was just created: a refused coactivity refuses the creation (409, nothing written); the others
 * are recorded on both processes' journals, a co-signature is then awaited, a sequenced one makes the new process
 * wait for the other.
 */
export async function onProcessCreated(tx: Tx, a: { caller: Caller; process: ProcessRow }): Promise<void> {
  const { caller, process: p } = a;
  await inCompanyOf(tx, caller, p.entrepriseId, async () => {
    await lockCoactivite(tx, p.entrepriseId);
    const { conflits } = await conflictsOf(tx, p.entrepriseId, p.id, { against: 'all' });
    if (conflits.some((c) => c.decision === 'refus')) refuse(conflits, 'refus');
    await recordConflicts(tx, p, conflits, caller.userId);
  });
}

/** The demo data's conflicts of a process it seeded (written directly, without a caller). */
export async function recordDemoConflicts(tx: Tx, entrepriseId: number, processId: number, by: number | null) {
  const { conflits } = await conflictsOf(tx, entrepriseId, processId, { against: 'earlier' });
  await recordConflicts(tx, { id: processId, entrepriseId }, conflits, by);
  return conflits;
}

/** Of the other processes in conflict, those that do not count for an act (read under the company's lock). */
export type NotCounted = (otherIds: readonly number[]) => Promise<readonly number[]>;

/**
 * Refuses an action of a lockout or permit while a conflict blocks it: refused coactivity; a co-signature not given
 * yet; a sequenced conflict the process does not wait for (a process_sequencing is to be added). `against`: the
 * earlier processes (signing) or all (a new window); `notCounted`: others the acting module leaves out.
 */
async function assertUnblocked(
  tx: Tx,
  caller: Caller,
  p: { id: number; entrepriseId: number },
  against: 'earlier' | 'all',
  window?: Window,
  notCounted?: NotCounted,
) {
  await inCompanyOf(tx, caller, p.entrepriseId, async () => {
    await lockCoactivite(tx, p.entrepriseId);
    const found = await conflictsOf(tx, p.entrepriseId, p.id, { against, window });
    const out = new Set(notCounted && found.conflits.length ? await notCounted(found.conflits.map((c) => c.autreId)) : []);
    const conflits = found.conflits.filter((c) => !out.has(c.autreId));
    if (!conflits.length) return;
    if (conflits.some((c) => c.decision === 'refus')) refuse(conflits, 'refus');
    const pending: Conflit[] = [];
    for (const c of conflits.filter((x) => x.decision === 'cosignature')) {
      const rec = await lockConflit(tx, p.id, c.autreId);
      if (!rec?.cosigneAt) pending.push(c);
    }
    if (pending.length) refuse(pending, 'cosignature');
    const waiting: Conflit[] = [];
    for (const c of conflits.filter((x) => x.decision === 'sequencement'))
      if (!(await isSequencedAfter(tx, p.id, c.autreId))) waiting.push(c);
    if (waiting.length) refuse(waiting, 'sequencement');
  });
}

/** The process module's check on signing a step (registerStepSignCheck): closing a process is never blocked. */
export async function onStepSigning(tx: Tx, a: { caller: Caller; process: ProcessRow; closing: boolean }): Promise<void> {
  if (a.closing || a.process.etat !== 'en_cours') return;
  if (a.process.package !== 'mc' && a.process.package !== 'permis') return;
  await assertUnblocked(tx, a.caller, a.process, 'earlier');
}

/**
 * For a module opening or changing a lockout's or permit's window (the permis module's délivrance and extension):
 * throws a 409 with the French reason while a conflict with any other process in progress blocks the new window (or
 * the current one). `notCounted` (called under the company's lock, so that two acts at once see each other's
 * outcome): the others in conflict that do not count for this act — a délivrance leaves out permits not issued.
 */
export async function assertNoBlockingConflict(
  tx: Tx,
  a: {
    caller: Caller;
    processId: number;
    window?: { debut: string | Date | null; fin: string | Date | null };
    notCounted?: NotCounted;
  },
): Promise<void> {
  const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
  const window = a.window ? { debut: iso(a.window.debut), fin: iso(a.window.fin) } : undefined;
  const entrepriseId = (await entrepriseOfProcess(tx, a.processId)) ?? a.caller.entrepriseId;
  await assertUnblocked(tx, a.caller, { id: a.processId, entrepriseId }, 'all', window, a.notCounted);
}

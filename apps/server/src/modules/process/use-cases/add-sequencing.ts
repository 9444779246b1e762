import type { Tx } from '../../../platform/db/engine.ts';
import { AppError, assertCan } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { announce, journal, refreshSequenced } from '../process.repository.ts';
import { awaitedBy, upsertSequencing } from '../process-structure.repository.ts';
import { lockedProcessOrThrow, processOrThrow } from './engine-helpers.ts';

/** Whether `lockedByProcessId` (transitively) waits for `processId`: making the latter wait would be a cycle. */
async function waitsFor(tx: Tx, lockedByProcessId: number, processId: number): Promise<boolean> {
  const seen = new Set<number>();
  for (let frontier = [lockedByProcessId]; frontier.length; ) {
    if (frontier.includes(processId)) return true;
    frontier = (await awaitedBy(tx, frontier)).filter((id) => !seen.has(id));
    for (const id of frontier) seen.add(id);
  }
  return false;
}

/** Makes a process wait for another to finish, refusing a cycle; its sequenced flag is recomputed. */
export async function addSequencing(ctx: Pick<Ctx, 'tx' | 'caller'>, processId: number, lockedByProcessId: number) {
  const { tx, caller } = ctx;
  if (processId === lockedByProcessId) throw new AppError('VALIDATION', 'Un processus ne peut pas s’attendre lui-même.');
  const p = await lockedProcessOrThrow(tx, caller, processId);
  await processOrThrow(tx, caller, lockedByProcessId);
  assertCan(caller.ability, 'update', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
  if (await waitsFor(tx, lockedByProcessId, p.id))
    throw new AppError('VALIDATION', 'Ce séquencement ferait attendre deux processus l’un l’autre.');
  const row = await upsertSequencing(tx, caller.entrepriseId, p.id, lockedByProcessId);
  await refreshSequenced(tx, [p.id]);
  await journal(tx, p, caller.userId, 'sequencement', null, null, { lockedByProcessId });
  await announce(tx, p.entrepriseId, 'updated', [p.id]);
  return row;
}

/**
 * A rule of another module makes a process wait for another of the same company (ticket 15: a conflict the
 * coactivité matrix sequences), whoever's action found it: no ability check; false (nothing written) for a cycle.
 */
export async function sequenceAfter(
  tx: Tx,
  a: { entrepriseId: number; processId: number; lockedByProcessId: number; by: number | null; raison: string },
): Promise<boolean> {
  if (a.processId === a.lockedByProcessId || (await waitsFor(tx, a.lockedByProcessId, a.processId))) return false;
  await upsertSequencing(tx, a.entrepriseId, a.processId, a.lockedByProcessId);
  await refreshSequenced(tx, [a.processId]);
  await journal(tx, { id: a.processId, entrepriseId: a.entrepriseId }, a.by, 'sequencement', null, null, {
    lockedByProcessId: a.lockedByProcessId,
    raison: a.raison,
  });
  await announce(tx, a.entrepriseId, 'updated', [a.processId]);
  return true;
}

import { AppError, assertCan } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { announce, journal, refreshSequenced } from '../process.repository.ts';
import { awaitedBy, upsertSequencing } from '../process-structure.repository.ts';
import { lockedProcessOrThrow, processOrThrow } from './engine-helpers.ts';

/** Makes a process wait for another to finish, refusing a cycle; its sequenced flag is recomputed. */
export async function addSequencing(ctx: Pick<Ctx, 'tx' | 'caller'>, processId: number, lockedByProcessId: number) {
  const { tx, caller } = ctx;
  if (processId === lockedByProcessId) throw new AppError('VALIDATION', 'Un processus ne peut pas s’attendre lui-même.');
  const p = await lockedProcessOrThrow(tx, caller, processId);
  await processOrThrow(tx, caller, lockedByProcessId);
  assertCan(caller.ability, 'update', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
  // Refuse a cycle: the awaited process must not (transitively) wait for this one.
  const seen = new Set<number>();
  for (let frontier = [lockedByProcessId]; frontier.length; ) {
    if (frontier.includes(p.id)) throw new AppError('VALIDATION', 'Ce séquencement ferait attendre deux processus l’un l’autre.');
    frontier = (await awaitedBy(tx, frontier)).filter((id) => !seen.has(id));
    for (const id of frontier) seen.add(id);
  }
  const row = await upsertSequencing(tx, caller.entrepriseId, p.id, lockedByProcessId);
  await refreshSequenced(tx, [p.id]);
  await journal(tx, p, caller.userId, 'sequencement', null, null, { lockedByProcessId });
  await announce(tx, p.entrepriseId, 'updated', [p.id]);
  return row;
}

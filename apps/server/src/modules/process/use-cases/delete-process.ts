import { assertCan } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { announce, deleteProcesses, journal, processAndDescendants } from '../process.repository.ts';
import { lockedProcessOrThrow } from './engine-helpers.ts';

/** Deletes a process with all its descendants, each deletion journaled; returns the ids deleted (the process first). */
export async function deleteProcess(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number): Promise<number[]> {
  const { tx, caller } = ctx;
  const p = await lockedProcessOrThrow(tx, caller, id);
  assertCan(caller.ability, 'delete', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
  const ids = await processAndDescendants(tx, caller.entrepriseId, p.id);
  for (const x of ids) await journal(tx, { id: x, entrepriseId: caller.entrepriseId }, caller.userId, 'suppression', null, { id: x }, null);
  await deleteProcesses(tx, caller.entrepriseId, ids);
  await announce(tx, caller.entrepriseId, 'deleted', ids);
  return ids;
}

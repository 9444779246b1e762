import { assertCan, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { announce, journal, refreshSequenced } from '../process.repository.ts';
import { deleteSequencing, findSequencing } from '../process-structure.repository.ts';

/** Stops a process waiting for another; its sequenced flag is recomputed. Returns the sequencing's id. */
export async function removeSequencing(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number): Promise<number> {
  const { tx, caller } = ctx;
  const row = await findSequencing(tx, caller.entrepriseId, id);
  if (!row) throw notFound('Séquencement introuvable.');
  assertCan(caller.ability, 'update', 'Process', { id: row.processId, entrepriseId: row.entrepriseId });
  await deleteSequencing(tx, row.id);
  await refreshSequenced(tx, [row.processId]);
  const p = { id: row.processId, entrepriseId: row.entrepriseId };
  await journal(tx, p, caller.userId, 'sequencement-retire', null, { lockedByProcessId: row.lockedByProcessId }, null);
  await announce(tx, row.entrepriseId, 'updated', [row.processId]);
  return row.id;
}

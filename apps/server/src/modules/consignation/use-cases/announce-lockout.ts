import type { Tx } from '../../../platform/db/engine.ts';
import { announceProcessChange } from '../../process/index.ts';
import { daughterIdsOf } from '../consignation.repository.ts';

/**
 * Tells the open lists and screens that a lockout changed (sent at commit, nothing if the transaction rolls back): the
 * lockout, its mother (whose screen and register row show each daughter's state and whether it is still open) and its
 * daughters (which show their mother's state and inherited points). `self: false` when the engine already announces
 * the lockout itself (a signed step, a change of status, a creation).
 */
export async function announceLockout(
  tx: Tx,
  p: { id: number; entrepriseId: number },
  rec: { mereId: number | null },
  o: { self?: boolean } = {},
): Promise<void> {
  const ids = [...(o.self === false ? [] : [p.id]), ...(rec.mereId ? [rec.mereId] : []), ...(await daughterIdsOf(tx, p.id))];
  if (ids.length) await announceProcessChange(tx, p.entrepriseId, ids);
}

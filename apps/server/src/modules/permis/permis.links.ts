import type { Caller } from '../../platform/auth/caller.ts';
import type { Tx } from '../../platform/db/engine.ts';
import { assertNoBlockingConflict, type NotCounted, registerActivitySource } from '../coactivite/index.ts';
import { registerDeconsignationBlocker } from '../consignation/index.ts';
import { permitActivities, permitsBlockingDeconsignation } from './use-cases/cross-module-rules.ts';

// The permis module's ties to the coactivité and consignation modules (ticket 15, names agreed in the session's
// notes): its permits' activities feed the conflict finder, an extension must not create a blocking conflict, and its
// open permits block the déconsignation of the lockouts they rely on (permitsBlockingDeconsignation). A délivrance
// opens the permit's window and an extension widens it: both must not create a blocking conflict.

/** Registers the permis module's sources with the other modules (called once by index.ts). */
export function linkPermisToOtherModules(): void {
  registerActivitySource('permis', permitActivities);
  registerDeconsignationBlocker('permis', permitsBlockingDeconsignation);
}

/**
 * Refuses (409, French) a new window of a permit that the coactivité module finds in blocking conflict: refused
 * coactivity, a co-signature not given yet, a sequencing not recorded. `notCounted`: others left out (see
 * check-coactivite.ts).
 */
export async function assertNoConflictOnWindow(
  tx: Tx,
  a: { caller: Caller; processId: number; window: { debut: Date; fin: Date }; notCounted?: NotCounted },
): Promise<void> {
  await assertNoBlockingConflict(tx, a);
}

import type { Caller } from '../../platform/auth/caller.ts';
import type { Tx } from '../../platform/db/engine.ts';

// The permis module's ties to the consignation and coactivité modules (ticket 15, names agreed in the session's
// notes): its permits block the déconsignation of the lockouts they rely on, their activities feed the conflict
// finder, and an extension must not create a blocking conflict. Those modules land on their own branches: until they
// are merged, this file holds the permis side only (see docs/DECISIONS.md « Permis de travail »).

/** Refuses (4xx) a new window of a permit that the coactivité module finds in blocking conflict. */
export async function assertNoConflictOnWindow(
  _tx: Tx,
  _a: { caller: Caller; processId: number; window: { debut: Date; fin: Date } },
): Promise<void> {}

import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { assertNoConflictOnWindow } from '../permis.links.ts';
import { awaitedProcesses, type PermisRow, permitsNotActive } from '../permis.repository.ts';

/**
 * Refuses (409, French) a délivrance signature of a permit whose window would open in blocking coactivity (domain.md
 * §2.3: the issuer checks the register of active permits on the same zone and equipment): with a lockout in progress
 * or a permit that covers works — issued, in progress, suspended or at its fin de travaux. A permit still requested
 * does not count: it meets this check at its own délivrance, after this one (the company's coactivité lock makes two
 * délivrances at once see each other, so only one of two in refused coactivity is issued). Then, a permit sequenced
 * after another process waits for its end.
 */
export async function assertIssuable(tx: Tx, caller: Caller, row: PermisRow): Promise<void> {
  await assertNoConflictOnWindow(tx, {
    caller,
    processId: row.processId,
    window: { debut: new Date(row.dateDebut), fin: new Date(row.dateFin) },
    notCounted: (ids) => permitsNotActive(tx, ids),
  });
  const awaited = await awaitedProcesses(tx, row.processId);
  if (awaited.length) {
    const list = awaited.map((n) => `N° ${n / 100}`).join(', ');
    throw new AppError(
      'CONFLICT',
      `Séquencement : ce permis attend la fin du processus ${list} ; il ne peut pas être délivré avant.`,
      awaited.map((n) => ({ champ: 'processSequencing', message: `Attend la fin du processus N° ${n / 100}.` })),
    );
  }
}

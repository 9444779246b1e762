import { checkTimeRules, type ProcessEtat } from '@app/contracts';
import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import type { ProcessRow } from '../process.repository.ts';
import { changeEngineState } from './change-engine-state.ts';

/** Sets a process's status code (and its state when given), as the spec's update_status does; ending it that way is refused before its start, like signing its last step. */
export function setProcessStatus(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  id: number,
  status: string | null,
  etat?: ProcessEtat,
): Promise<ProcessRow> {
  return changeEngineState(ctx, id, (p, c) => {
    // Ending a process by its status is still closing it: never before its start.
    if (etat === 'termine' && c.state.etat !== 'termine') {
      const refused = checkTimeRules({}, p, null, new Date(), { closing: true });
      if (refused) throw new AppError('CONFLICT', refused.message, { regle: refused.rule, a: refused.at });
    }
    return { next: { ...c.state, status, etat: etat ?? c.state.etat }, action: 'statut' };
  });
}

import type { ProcessEtat } from '@app/contracts';
import type { Ctx } from '../../../platform/http/route.ts';
import type { ProcessRow } from '../process.repository.ts';
import { changeEngineState } from './change-engine-state.ts';

/** Sets a process's status code (and its state when given), as the spec's update_status does: no other check. */
export function setProcessStatus(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  id: number,
  status: string | null,
  etat?: ProcessEtat,
): Promise<ProcessRow> {
  return changeEngineState(ctx, id, (_p, c) => ({ next: { ...c.state, status, etat: etat ?? c.state.etat }, action: 'statut' }));
}

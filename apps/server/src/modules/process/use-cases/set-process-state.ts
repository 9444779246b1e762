import type { ProcessEtat } from '@app/contracts';
import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import type { ProcessRow } from '../process.repository.ts';
import { changeEngineState } from './change-engine-state.ts';

/** Deactivates or reactivates a process; only signing its last step ends it, and an ended one does not resume. */
export function setProcessState(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number, etat: ProcessEtat): Promise<ProcessRow> {
  return changeEngineState(ctx, id, (_p, c) => {
    if (etat === 'termine') throw new AppError('CONFLICT', 'Un processus se termine en signant sa dernière étape.');
    if (etat === 'en_cours' && c.state.currentOrdre === null)
      throw new AppError('CONFLICT', 'Ce processus est terminé : il ne peut pas reprendre.');
    return { next: { ...c.state, etat }, action: etat === 'inactif' ? 'desactivation' : 'reactivation' };
  });
}

import { deactivate, type ProcessInactive } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import type { ProcessRow } from '../process.repository.ts';
import { changeEngineState } from './change-engine-state.ts';
import { transitionOrConflict } from './engine-helpers.ts';

/** Makes a process inactive with a status, the listed steps to be validated again (steps of this process only). */
export function deactivateProcess(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof ProcessInactive>): Promise<ProcessRow> {
  return changeEngineState(ctx, body.id, (_p, c) => {
    const known = new Set(c.steps.map((s) => s.id));
    if (body.etapeIds.some((id) => !known.has(id)))
      throw new AppError('VALIDATION', 'Étape inconnue dans ce processus.', [{ champ: 'etapeIds', message: 'inconnue' }]);
    return {
      next: transitionOrConflict(() => deactivate(c.state, body.status ?? c.state.status, body.etapeIds)),
      action: 'desactivation',
      after: { etapeIds: body.etapeIds },
    };
  });
}

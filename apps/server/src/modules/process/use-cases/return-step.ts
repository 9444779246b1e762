import { type ProcessReturn, returnStep as returnedState } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import type { ProcessRow } from '../process.repository.ts';
import { clearSignatures } from '../process-signatures.repository.ts';
import { changeCurrentStep } from './change-engine-state.ts';
import { assertEditable, transitionOrConflict } from './engine-helpers.ts';
import { assertCanAct } from './step-permission.ts';

/** Sends the process back one step (if the current step allows it): both steps' signatures are cleared. */
export function returnStep(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof ProcessReturn>): Promise<ProcessRow> {
  return changeCurrentStep(ctx, body.id, async (p, c) => {
    assertEditable(p);
    await assertCanAct(ctx.tx, ctx.caller, p, c.state, c.current, p.rawData as Record<string, unknown>);
    if (c.current && (c.current.config as { canReturn?: boolean }).canReturn === false)
      throw new AppError('CONFLICT', 'Cette étape ne peut pas être renvoyée.');
    const { state, returnedTo } = transitionOrConflict(() => returnedState(c.state, body.keepStep));
    const cleared = await clearSignatures(ctx.tx, p.id, [returnedTo.etapeId, ...(c.current ? [c.current.id] : [])]);
    return { next: state, action: 'renvoi', after: { motif: body.motif ?? null, keepStep: body.keepStep, signaturesEffacees: cleared } };
  });
}

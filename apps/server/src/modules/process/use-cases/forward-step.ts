import { forwardStep as forwardedState } from '@app/contracts';
import type { Ctx } from '../../../platform/http/route.ts';
import type { ProcessRow } from '../process.repository.ts';
import { changeCurrentStep } from './change-engine-state.ts';
import { assertEditable, transitionOrConflict } from './engine-helpers.ts';
import { assertCanAct } from './step-permission.ts';

/** Skips the current step (the model must allow it on that step); the next becomes current. */
export function forwardStep(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number): Promise<ProcessRow> {
  return changeCurrentStep(ctx, id, async (p, c) => {
    assertEditable(p);
    await assertCanAct(ctx.tx, ctx.caller, p, c.state, c.current, p.rawData as Record<string, unknown>);
    const canForward = Boolean((c.current?.config as { canForward?: boolean } | undefined)?.canForward);
    return { next: transitionOrConflict(() => forwardedState(c.state, canForward, new Date().toISOString())), action: 'saut' };
  });
}

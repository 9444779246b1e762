import type { EngineState } from '@app/contracts';
import { assertCan, foundOrThrow } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { guardStatusChange } from '../process.hooks.ts';
import { announce, findProcess, journal, type ProcessRow, saveEngineState } from '../process.repository.ts';
import { type EngineContext, engineContext, lockedProcessOrThrow, lockedSharedProcessOrThrow, processScope } from './engine-helpers.ts';

/** What a change of state decides: the next state, the journal's action and what it records besides the state. */
interface StateChange {
  next: EngineState;
  action: string;
  after?: Record<string, unknown>;
}

/**
 * The frame of every change of a process's engine state (return, forward, deactivate, state, status): the process
 * locked and updatable by the caller, the change decided from its context, then saved, journaled and announced.
 * `onStep`: a change of the current step (return, forward), which a contractor may make on its step of a client's
 * process (its step rules decide); the others are the process's company's.
 */
export async function changeEngineState(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  id: number,
  decide: (p: ProcessRow, c: EngineContext) => Promise<StateChange> | StateChange,
  onStep = false,
): Promise<ProcessRow> {
  const { tx, caller } = ctx;
  const p = onStep ? await lockedSharedProcessOrThrow(tx, caller, id) : await lockedProcessOrThrow(tx, caller, id);
  assertCan(caller.ability, 'update', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
  const c = await engineContext(tx, p);
  const { next, action, after } = await decide(p, c);
  // Other modules' rules on status and state changes (ticket 15: the lockout state machine).
  await guardStatusChange(tx, {
    caller,
    process: p,
    action,
    from: { status: c.state.status, etat: c.state.etat },
    to: { status: next.status, etat: next.etat },
  });
  await saveEngineState(tx, p, next, caller.userId);
  await journal(
    tx,
    p,
    caller.userId,
    action,
    c.current ? { id: c.current.id, ordre: c.current.ordre } : null,
    { etat: c.state.etat, status: c.state.status, etapeOrdre: c.state.currentOrdre },
    { etat: next.etat, status: next.status, etapeOrdre: next.currentOrdre, ...after },
  );
  await announce(tx, p.entrepriseId, 'updated', [p.id]);
  return foundOrThrow(await findProcess(tx, processScope(caller), p.id));
}

/** A change of the current step (return, forward): a contractor may make it on its step of a client's process. */
export function changeCurrentStep(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  id: number,
  decide: (p: ProcessRow, c: EngineContext) => Promise<StateChange> | StateChange,
): Promise<ProcessRow> {
  return changeEngineState(ctx, id, decide, true);
}

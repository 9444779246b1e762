import { canActOnStep, canBeValidated, type EngineState, type ErrorCode } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { type ProcessRow, personOf, rulesOfStep, type Step, sequencingOf } from '../process.repository.ts';

/** Why the caller may not act on a process's current step now, each with its answer and French reason. */
const STEP_REFUSALS = {
  no_step: { code: 'CONFLICT', raison: 'Ce processus n’a plus d’étape à valider.' },
  sequenced: { code: 'CONFLICT', raison: 'Ce processus est séquencé : il attend la fin d’un autre processus.' },
  not_running: { code: 'CONFLICT', raison: 'Ce processus n’est pas en cours.' },
  not_allowed: { code: 'FORBIDDEN', raison: 'Vous n’êtes pas autorisé à agir sur cette étape.' },
} as const satisfies Record<string, { code: ErrorCode; raison: string }>;
type StepRefusal = keyof typeof STEP_REFUSALS;

type StepPermission = { ok: true; refusal: null; raison: null } | { ok: false; refusal: StepRefusal; raison: string };

const refused = (refusal: StepRefusal): StepPermission => ({ ok: false, refusal, raison: STEP_REFUSALS[refusal].raison });

/**
 * Whether the caller may act (sign, return, forward, fill) on the process's current step now, and if not, why: the
 * process's state first (sequenced, not running), then the step's rules (canActOnStep).
 */
export async function stepPermission(
  tx: Tx,
  caller: Caller,
  p: ProcessRow,
  state: EngineState,
  step: Step | undefined,
  values: Record<string, unknown>,
): Promise<StepPermission> {
  if (!step) return refused('no_step');
  const waiting = (await sequencingOf(tx, p.id)).some((x) => x.awaitedEtat !== 'termine');
  const validable = canBeValidated(state, waiting);
  const me = await personOf(tx, caller.userId);
  const rules = await rulesOfStep(tx, step.id);
  const actor = {
    isSuperAdmin: caller.isSuperAdmin,
    userId: caller.userId,
    profilId: caller.profilModeleId,
    serviceId: me?.serviceId ?? null,
    entrepriseId: caller.entrepriseId,
    // A contractor acting on its client's process: only the rules naming them or the process's contractors count.
    external: p.entrepriseId !== caller.entrepriseId,
  };
  if (canActOnStep(actor, rules, validable, values, p.prestataireIds)) return { ok: true, refusal: null, raison: null };
  if (waiting) return refused('sequenced');
  if (!validable) return refused('not_running');
  return refused('not_allowed');
}

/**
 * A contractor's action on one field of a client's process (a signature, a file): only on the current step, and
 * only if that step's rules let them (403, or 409 for the process's state). Nothing for the process's own company.
 */
export async function assertContractorStep(
  tx: Tx,
  caller: Caller,
  p: ProcessRow,
  c: { state: EngineState; current: Step | undefined },
  etapeId: number,
) {
  if (p.entrepriseId === caller.entrepriseId) return;
  if (c.current?.id !== etapeId) throw new AppError('FORBIDDEN', 'Cette étape n’est pas la vôtre : vous ne pouvez pas y agir.');
  await assertCanAct(tx, caller, p, c.state, c.current, p.rawData as Record<string, unknown>);
}

/** Refuses unless the caller may act on the current step: 403 when the step's rules exclude them, else 409. */
export async function assertCanAct(
  tx: Tx,
  caller: Caller,
  p: ProcessRow,
  state: EngineState,
  step: Step | undefined,
  values: Record<string, unknown>,
) {
  const r = await stepPermission(tx, caller, p, state, step, values);
  if (!r.ok) throw new AppError(STEP_REFUSALS[r.refusal].code, r.raison);
}

import { notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { presentAutorisation } from '../../workflow/index.ts';
import { loadEngineState, ruleRowsOfStep, stepOfCompany, stepOfModele } from '../process.repository.ts';
import { sharedProcessOrThrow } from './engine-helpers.ts';
import { stepPermission } from './step-permission.ts';

/** The rules of a step and, for a process, whether the caller may act on it now and if not why. */
export async function getInformationControls(ctx: Pick<Ctx, 'tx' | 'caller'>, etapeId: number, processId: number | undefined) {
  if (!processId) {
    const s = await stepOfCompany(ctx.tx, ctx.caller.entrepriseId, etapeId);
    if (!s) throw notFound('Étape introuvable.');
    return { etapeId: s.id, autorisations: (await ruleRowsOfStep(ctx.tx, s.id)).map(presentAutorisation), canAct: null, raison: null };
  }
  // With a process, the step is its workflow's (a contractor's process is of its client's workflow).
  const p = await sharedProcessOrThrow(ctx.tx, ctx.caller, processId);
  const s = await stepOfModele(ctx.tx, p.processModeleId, etapeId);
  if (!s) throw notFound('Étape introuvable dans ce processus.');
  const autorisations = (await ruleRowsOfStep(ctx.tx, s.id)).map(presentAutorisation);
  const state = await loadEngineState(ctx.tx, p);
  if (state.currentOrdre !== s.ordre)
    return { etapeId: s.id, autorisations, canAct: false, raison: 'Ce n’est pas l’étape courante du processus.' };
  const r = await stepPermission(ctx.tx, ctx.caller, p, state, s, p.rawData as Record<string, unknown>);
  return { etapeId: s.id, autorisations, canAct: r.ok, raison: r.raison };
}

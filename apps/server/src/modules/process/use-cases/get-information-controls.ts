import { notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { presentAutorisation } from '../../workflow/index.ts';
import { loadEngineState, ruleRowsOfStep, stepOfCompany } from '../process.repository.ts';
import { processOrThrow } from './engine-helpers.ts';
import { stepPermission } from './step-permission.ts';

/** The rules of a step and, for a process, whether the caller may act on it now and if not why. */
export async function getInformationControls(ctx: Pick<Ctx, 'tx' | 'caller'>, etapeId: number, processId: number | undefined) {
  const s = await stepOfCompany(ctx.tx, ctx.caller.entrepriseId, etapeId);
  if (!s) throw notFound('Étape introuvable.');
  const autorisations = (await ruleRowsOfStep(ctx.tx, s.id)).map(presentAutorisation);
  if (!processId) return { etapeId: s.id, autorisations, canAct: null, raison: null };
  const p = await processOrThrow(ctx.tx, ctx.caller, processId);
  if (p.processModeleId !== s.processModeleId) throw notFound('Étape introuvable dans ce processus.');
  const state = await loadEngineState(ctx.tx, p);
  if (state.currentOrdre !== s.ordre)
    return { etapeId: s.id, autorisations, canAct: false, raison: 'Ce n’est pas l’étape courante du processus.' };
  const r = await stepPermission(ctx.tx, ctx.caller, p, state, s, p.rawData as Record<string, unknown>);
  return { etapeId: s.id, autorisations, canAct: r.ok, raison: r.raison };
}

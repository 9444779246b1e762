import { EvaluationSetting, type HabilitationEvaluationSetting, type HabilitationEvaluationSettingSave } from '@app/contracts';
import type { z } from 'zod';
import type { Tx } from '../../../platform/db/engine.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { evaluationSettingOf } from '../../entreprise/index.ts';
import { updateEntrepriseSettings } from '../../entreprise-setting/index.ts';

/**
 * The company's evaluation settings: the `evaluationSetting` of its settings (S 41), defaults filled in. One source:
 * `/api/entreprise_setting/update/entreprise` and `/api/habilitation_evaluation_setting/save` write the same value.
 */
export async function evaluationSettings(tx: Tx, entrepriseId: number): Promise<HabilitationEvaluationSetting> {
  return EvaluationSetting.parse((await evaluationSettingOf(tx, entrepriseId)) ?? {});
}

/** Merges changes into the company's evaluation settings (through the company settings' own use case: its row lock). */
export async function saveEvaluationSettings(
  ctx: Ctx,
  body: z.output<typeof HabilitationEvaluationSettingSave>,
): Promise<HabilitationEvaluationSetting> {
  const saved = await updateEntrepriseSettings(ctx.tx, ctx.caller.entrepriseId, { evaluationSetting: body });
  return saved.evaluationSetting;
}

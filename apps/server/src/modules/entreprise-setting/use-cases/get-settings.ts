import { Affectation, EntrepriseLogicielSetting, type EntrepriseSettings, EvaluationSetting } from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import { foundOrThrow } from '../../../platform/http/errors.ts';
import { DEFAULT_SETTING, entrepriseForUpdate, logicielsWithSettingOf } from '../../entreprise/index.ts';

/**
 * All settings of a company, with defaults filled in. The company's row stays locked to the end of the transaction,
 * so an update reads and writes its settings without another one in between.
 */
export async function getSettings(tx: Tx, entrepriseId: number): Promise<EntrepriseSettings> {
  const company = foundOrThrow(await entrepriseForUpdate(tx, entrepriseId), 'Entreprise introuvable.');
  const logs = await logicielsWithSettingOf(tx, entrepriseId);
  return {
    entreprise: { id: company.id, nom: company.nom, setting: { ...DEFAULT_SETTING, ...(company.setting as object) } },
    entrepriseLogiciels: logs.map((l) => ({
      ...l,
      code: l.code as EntrepriseSettings['entrepriseLogiciels'][number]['code'],
      setting: EntrepriseLogicielSetting.parse({ display: {}, ...(l.setting as object) }),
    })),
    evaluationSetting: EvaluationSetting.parse(company.evaluationSetting ?? {}),
    affectation: Affectation.parse(company.affectation ?? {}),
  };
}

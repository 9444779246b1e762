import type { EntrepriseSettings, UpdateEntrepriseSetting } from '@app/contracts';
import type { z } from 'zod';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { updateEntrepriseSettings as writeSettings } from '../../entreprise/index.ts';
import { getSettings } from './get-settings.ts';

/**
 * Merges changes into the company's settings (general, evaluation, assignment). The default language must be one of
 * the company's languages, and the time zone one that exists.
 */
export async function updateEntrepriseSettings(
  tx: Tx,
  entrepriseId: number,
  body: z.output<typeof UpdateEntrepriseSetting>,
): Promise<EntrepriseSettings> {
  const current = await getSettings(tx, entrepriseId);
  const setting = { ...current.entreprise.setting, ...body.setting };
  if (!setting.languageCodes.includes(setting.languageCode)) {
    throw new AppError('VALIDATION', 'La langue par défaut doit faire partie des langues de l’entreprise.', [
      { champ: 'setting.languageCode', message: 'Langue absente de la liste' },
    ]);
  }
  if (!Intl.supportedValuesOf('timeZone').includes(setting.timezone) && setting.timezone !== 'UTC') {
    throw new AppError('VALIDATION', 'Fuseau horaire inconnu.', [{ champ: 'setting.timezone', message: setting.timezone }]);
  }
  await writeSettings(tx, entrepriseId, {
    setting,
    evaluationSetting: { ...current.evaluationSetting, ...body.evaluationSetting },
    affectation: { ...current.affectation, ...body.affectation },
  });
  return getSettings(tx, entrepriseId);
}

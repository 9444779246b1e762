import type { EntrepriseSettings, UpdateEntrepriseLogiciel } from '@app/contracts';
import type { z } from 'zod';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError, notFound } from '../../../platform/http/errors.ts';
import { entrepriseLogicielForUpdate, updateEntrepriseLogiciel as writeEntrepriseLogiciel } from '../../entreprise/index.ts';
import { getSettings } from './get-settings.ts';

/**
 * Switches one of the company's software on or off and sets its display settings. Only a software licensed to the
 * company (enable, set by a super admin) may be switched on.
 */
export async function updateEntrepriseLogiciel(
  tx: Tx,
  entrepriseId: number,
  body: z.output<typeof UpdateEntrepriseLogiciel>,
): Promise<EntrepriseSettings> {
  const row = await entrepriseLogicielForUpdate(tx, entrepriseId, body.id);
  if (!row) throw notFound('Logiciel introuvable pour cette entreprise.');
  if (body.active && !row.enable) {
    throw new AppError('VALIDATION', "Ce logiciel n'est pas ouvert pour votre entreprise : contactez le support.");
  }
  await writeEntrepriseLogiciel(tx, body.id, {
    ...(body.active !== undefined ? { active: body.active } : {}),
    ...(body.setting ? { setting: body.setting } : {}),
  });
  return getSettings(tx, entrepriseId);
}

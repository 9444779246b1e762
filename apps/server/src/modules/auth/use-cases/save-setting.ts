import { jsonBytes, SETTINGS_BOUNDS } from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { updateUserSettings } from '../../utilisateur/index.ts';

/**
 * Merges preferences into the caller's settings. The merged preferences are bounded as a whole, so the session
 * (getConnectedUser) stays small; the error rolls the merge back.
 */
export async function saveSetting(tx: Tx, userId: number, patch: Record<string, unknown>) {
  const settings = await updateUserSettings(tx, userId, patch);
  if (jsonBytes(settings) > SETTINGS_BOUNDS.maxBytes) {
    throw new AppError('VALIDATION', `Préférences trop volumineuses (${SETTINGS_BOUNDS.maxBytes / 1024} Kio au plus en tout).`, [
      { champ: 'settings', message: 'trop volumineux' },
    ]);
  }
  return settings;
}

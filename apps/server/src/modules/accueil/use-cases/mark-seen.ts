import type { Tx } from '../../../platform/db/engine.ts';
import { updateUserSettings } from '../../utilisateur/index.ts';
import { LAST_VISIT_SETTING } from '../accueil.repository.ts';

/**
 * « Marquer comme vu »: the person's last visit becomes `at` (the time of the home they read: what changed after it
 * stays new), never later than now. Stored in their settings (`accueilVu`, epoch milliseconds).
 */
export async function markSeen(tx: Tx, userId: number, at: string | undefined): Promise<{ lastVisit: string }> {
  const now = Date.now();
  const ms = Math.min(at ? Date.parse(at) : now, now);
  await updateUserSettings(tx, userId, { [LAST_VISIT_SETTING]: ms });
  return { lastVisit: new Date(ms).toISOString() };
}

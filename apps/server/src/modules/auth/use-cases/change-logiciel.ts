import type { LogicielCodeValue } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { updateUserSettings } from '../../utilisateur/index.ts';
import { activeLogiciels, loadSessionData, updateSession } from '../auth.repository.ts';

type LastVisited = Record<string, { lastScreen: string | null; lastProcessId: number | null }>;

/**
 * Switches the session to another software of the company: remembers where the caller was in the software they
 * leave (in their settings, `lastVisited`), and answers where they were last in the one they open.
 */
export async function changeLogiciel(
  tx: Tx,
  caller: Caller,
  body: { logicielId: number; lastScreen?: string | null; lastProcessId?: number | null },
) {
  const logiciels = await activeLogiciels(tx, caller.entrepriseId);
  const target = logiciels.find((l) => l.id === body.logicielId);
  if (!target) throw new AppError('VALIDATION', "Ce logiciel n'est pas activé pour votre entreprise.");
  const data = await loadSessionData(tx, caller.userId);
  const lastVisited = { ...((data?.user.settings as { lastVisited?: LastVisited })?.lastVisited ?? {}) };
  const previous = caller.logicielCode ?? logiciels[0]?.code;
  if (previous && (body.lastScreen !== undefined || body.lastProcessId !== undefined)) {
    lastVisited[previous] = {
      lastScreen: body.lastScreen ?? lastVisited[previous]?.lastScreen ?? null,
      lastProcessId: body.lastProcessId ?? lastVisited[previous]?.lastProcessId ?? null,
    };
    await updateUserSettings(tx, caller.userId, { lastVisited });
  }
  await updateSession(tx, caller.sessionId, { logicielCode: target.code });
  const remembered = lastVisited[target.code];
  return {
    codeLogiciel: target.code as LogicielCodeValue,
    lastScreen: remembered?.lastScreen ?? null,
    lastProcessId: remembered?.lastProcessId ?? null,
  };
}

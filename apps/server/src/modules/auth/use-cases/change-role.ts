import type { UserSession } from '@app/contracts';
import { type Caller, callerWithProfil } from '../../../platform/auth/caller.ts';
import type { RightsSource } from '../../../platform/auth/rights.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { updateSession } from '../auth.repository.ts';
import { buildUserSession, sessionDataOf } from './user-session.ts';

/**
 * Puts the session on another of the caller's profiles (403 for a profile not theirs) and answers the user session
 * as that profile sees it: role, rights and menu recomputed.
 */
export async function changeRole(tx: Tx, caller: Caller, profilId: number, rightsOf: RightsSource): Promise<UserSession> {
  const data = await sessionDataOf(tx, caller.userId);
  const profil = data?.profils.find((p) => p.id === profilId);
  if (!data || !profil) throw new AppError('FORBIDDEN', 'Ce profil ne vous est pas attribué.');
  await updateSession(tx, caller.sessionId, { profilModeleId: profil.id });
  const company = { v2: data.company.permissionsV2, version: data.company.permissionVersion };
  return buildUserSession(tx, await callerWithProfil(tx, caller, profil, company, rightsOf));
}

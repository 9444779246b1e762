import type { Utilisateur } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { conflict, foundOrThrow } from '../../../platform/http/errors.ts';
import { keepingAPermissionManager } from '../../permission/index.ts';
import { ownUserOrThrow } from '../utilisateur.policy.ts';
import { deleteSessionsOfUser, findUser, updateUser } from '../utilisateur.repository.ts';

/**
 * Disables a person of the caller's company (any company for a super admin) and signs them out everywhere. Never
 * oneself, and never the company's last person able to manage permissions (409).
 */
export async function disableUser(tx: Tx, caller: Caller, userId: number): Promise<Utilisateur> {
  if (userId === caller.userId) throw conflict('Vous ne pouvez pas vous désactiver vous-même.');
  const u = await ownUserOrThrow(tx, caller, userId);
  await keepingAPermissionManager(tx, u.entrepriseId, () => updateUser(tx, userId, u.entrepriseId, { enable: false }));
  await deleteSessionsOfUser(tx, userId);
  return foundOrThrow(await findUser(tx, userId));
}

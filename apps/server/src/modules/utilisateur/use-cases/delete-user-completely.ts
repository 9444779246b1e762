import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { conflict } from '../../../platform/http/errors.ts';
import { assertNotLastPermissionManager, keepingAPermissionManager } from '../../permission/index.ts';
import { ownUserOrThrow } from '../utilisateur.policy.ts';
import { deleteUser } from '../utilisateur.repository.ts';

/**
 * Deletes a person of the caller's company (any company for a super admin) with what is theirs (sessions, codes,
 * habilitations: foreign keys on cascade). Never oneself, and never the company's last person able to manage
 * permissions (409).
 */
export async function deleteUserCompletely(tx: Tx, caller: Caller, userId: number) {
  if (userId === caller.userId) throw conflict('Vous ne pouvez pas supprimer votre propre compte.');
  const u = await ownUserOrThrow(tx, caller, userId);
  await assertNotLastPermissionManager(tx, u.entrepriseId, u.id);
  await keepingAPermissionManager(tx, u.entrepriseId, () => deleteUser(tx, u.id, u.entrepriseId));
  return { message: 'Utilisateur supprimé avec succès.', id: u.id };
}

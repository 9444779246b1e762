import type { Utilisateur } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { foundOrThrow } from '../../../platform/http/errors.ts';
import { ownUserOrThrow } from '../utilisateur.policy.ts';
import { findUser, updateUser } from '../utilisateur.repository.ts';

/** Enables a person of the caller's company (any company for a super admin). */
export async function enableUser(tx: Tx, caller: Caller, userId: number): Promise<Utilisateur> {
  const u = await ownUserOrThrow(tx, caller, userId);
  await updateUser(tx, userId, u.entrepriseId, { enable: true });
  return foundOrThrow(await findUser(tx, userId));
}

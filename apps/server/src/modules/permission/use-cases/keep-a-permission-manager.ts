import { leavesNoPermissionManager, permissionManagers } from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import { conflict } from '../../../platform/http/errors.ts';
import { lockCompanyPermissions, permissionModelOf } from '../permission.repository.ts';

const LAST_MANAGER_MESSAGE =
  "Modification refusée : plus personne dans l'entreprise ne pourrait gérer les permissions. Donnez d'abord ce droit à une autre personne.";

async function managersOf(tx: Tx, entrepriseId: number): Promise<number[]> {
  const { model, members } = await permissionModelOf(tx, entrepriseId);
  return permissionManagers(model, members);
}

/**
 * Runs a write that may change who can manage a company's permissions (an entry, the menu tree, a person's
 * profiles, state or existence) and refuses it with a French 409 when it would leave the company with nobody able
 * to (the last-admin rule, leavesNoPermissionManager): the write happens in the request's transaction, so the
 * refusal rolls it back. The company's permission lock is taken first and kept to the commit, so two such writes
 * run one after the other (two managers removing each other: the second sees the first's change).
 */
export async function keepingAPermissionManager<T>(tx: Tx, entrepriseId: number, write: () => Promise<T>): Promise<T> {
  await lockCompanyPermissions(tx, entrepriseId);
  const before = await managersOf(tx, entrepriseId);
  // A company that has nobody able to manage its permissions (an external one) is not held by the rule.
  if (!before.length) return write();
  const out = await write();
  if (leavesNoPermissionManager(before, await managersOf(tx, entrepriseId))) throw conflict(LAST_MANAGER_MESSAGE);
  return out;
}

/**
 * Refuses, before anything is written, the removal of a person who is the company's last permission manager (a
 * deletion: its outcome is known, and the rows that still name the person — signed safety records — would otherwise
 * refuse it first with a less telling message).
 */
export async function assertNotLastPermissionManager(tx: Tx, entrepriseId: number, userId: number): Promise<void> {
  await lockCompanyPermissions(tx, entrepriseId);
  const before = await managersOf(tx, entrepriseId);
  if (
    before.length &&
    leavesNoPermissionManager(
      before,
      before.filter((id) => id !== userId),
    )
  )
    throw conflict(LAST_MANAGER_MESSAGE);
}

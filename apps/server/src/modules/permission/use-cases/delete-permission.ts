import { notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { bumpPermissionVersion, deletePermissionRow } from '../permission.repository.ts';
import { keepingAPermissionManager } from './keep-a-permission-manager.ts';

/** Deletes an entry of the company, under the last-admin rule. */
export async function deletePermission(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number): Promise<void> {
  const { tx, caller } = ctx;
  if (!(await keepingAPermissionManager(tx, caller.entrepriseId, () => deletePermissionRow(tx, caller.entrepriseId, id)))) {
    throw notFound('Permission introuvable.');
  }
  await bumpPermissionVersion(tx, caller.entrepriseId);
}

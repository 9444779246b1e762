import type { PermissionType } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { bumpPermissionVersion, upsertPermission } from '../permission.repository.ts';

/** Kinds whose creator becomes their administrator (spec section 6). */
export const CREATOR_ADMIN_TYPES = [
  'workflow',
  'tableau',
  'dataModel',
  'pdfModel',
  'gammeModel',
  'localisation',
] as const satisfies readonly PermissionType[];

/**
 * Gives the creator of an item full rights on it, effective at their next request (the company's permission
 * version changes, so cached rights are recomputed: no new sign-in).
 */
export async function grantCreatorAdmin(tx: Tx, caller: Caller, type: (typeof CREATOR_ADMIN_TYPES)[number], itemId: number) {
  if (caller.isSuperAdmin) return;
  await upsertPermission(tx, caller.entrepriseId, {
    type,
    itemId,
    utilisateurId: caller.userId,
    isEE: caller.isEE,
    permissions: { manage: true },
  });
  await bumpPermissionVersion(tx, caller.entrepriseId);
}

import type { Ctx } from '../../../platform/http/route.ts';
import { bumpPermissionVersion, type EntryInput, type PermissionRow, upsertPermission } from '../permission.repository.ts';
import { assertEntryTargets } from './assert-entry-targets.ts';
import { keepingAPermissionManager } from './keep-a-permission-manager.ts';

/**
 * Creates or replaces the entry of one holder on one item: the item must be the company's, an entry on a menu item
 * may not leave the company without a permission manager, and rights are recomputed at the next request.
 */
export async function savePermission(ctx: Pick<Ctx, 'tx' | 'caller' | 'deps'>, entry: EntryInput): Promise<PermissionRow> {
  const { tx, caller } = ctx;
  await assertEntryTargets(ctx, [entry], () => 'itemId');
  const upsert = () => upsertPermission(tx, caller.entrepriseId, entry);
  const saved = entry.type === 'menuItem' ? await keepingAPermissionManager(tx, caller.entrepriseId, upsert) : await upsert();
  await bumpPermissionVersion(tx, caller.entrepriseId);
  return saved;
}

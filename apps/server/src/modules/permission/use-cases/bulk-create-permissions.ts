import type { Ctx } from '../../../platform/http/route.ts';
import { bumpPermissionVersion, type EntryInput, type PermissionRow, upsertPermission } from '../permission.repository.ts';
import { assertEntryTargets } from './assert-entry-targets.ts';
import { keepingAPermissionManager } from './keep-a-permission-manager.ts';

/**
 * Creates or replaces many entries at once (the matrix's bulk apply), all or none: every item is checked first, and
 * the last-admin rule judges the whole batch when it touches a menu item.
 */
export async function bulkCreatePermissions(ctx: Pick<Ctx, 'tx' | 'caller' | 'deps'>, entries: EntryInput[]): Promise<PermissionRow[]> {
  const { tx, caller } = ctx;
  await assertEntryTargets(ctx, entries, (i) => `permissions.${i}.itemId`);
  const upsertAll = async () => {
    const out = [];
    for (const e of entries) out.push(await upsertPermission(tx, caller.entrepriseId, e));
    return out;
  };
  const out = entries.some((e) => e.type === 'menuItem')
    ? await keepingAPermissionManager(tx, caller.entrepriseId, upsertAll)
    : await upsertAll();
  await bumpPermissionVersion(tx, caller.entrepriseId);
  return out;
}

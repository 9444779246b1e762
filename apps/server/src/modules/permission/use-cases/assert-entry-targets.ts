import type { PermissionType, RefKind } from '@app/contracts';
import { notFound } from '../../../platform/http/errors.ts';
import { verifyReferences } from '../../../platform/http/references.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { type EntryInput, menuItemsAmong, workflowsAmong } from '../permission.repository.ts';

/** Items named by type whose rows other modules own, checked as references (400 naming the field). */
const ITEM_KINDS: Partial<Record<PermissionType, RefKind>> = { tableau: 'tableau' };

/**
 * Items of entries must exist in the caller's company (holders, profilId and utilisateurId, are references the
 * platform checks). Menu items and workflows answer 404; boards a 400 naming the entry's itemId (`champ`).
 */
export async function assertEntryTargets(ctx: Pick<Ctx, 'tx' | 'caller' | 'deps'>, entries: EntryInput[], champ: (i: number) => string) {
  const { tx, caller } = ctx;
  await verifyReferences(
    ctx,
    entries.flatMap((e, i) => {
      const kind = ITEM_KINDS[e.type];
      return kind ? [{ champ: champ(i), kind, id: e.itemId }] : [];
    }),
  );
  const byType = (t: PermissionType) => [...new Set(entries.filter((e) => e.type === t).map((e) => e.itemId))];
  const menuIds = byType('menuItem');
  if (menuIds.length && (await menuItemsAmong(tx, caller.entrepriseId, menuIds)).length !== menuIds.length) {
    throw notFound('Élément de menu introuvable.');
  }
  const wfIds = byType('workflow');
  if (wfIds.length && (await workflowsAmong(tx, caller.entrepriseId, wfIds)).length !== wfIds.length) {
    throw notFound('Workflow introuvable.');
  }
}

import { chainOf, type MenuArrange } from '@app/contracts';
import type { z } from 'zod';
import { AppError, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { bumpPermissionVersion, loadMenu, moveMenuItem } from '../permission.repository.ts';
import { keepingAPermissionManager } from './keep-a-permission-manager.ts';

/**
 * Reorders, moves, hides or shows items of the company's menu: every item and parent must be the company's, and no
 * item may end up under itself. Moving an item changes what it inherits, so the last-admin rule holds the change.
 */
export async function arrangeMenu(ctx: Pick<Ctx, 'tx' | 'caller'>, items: z.output<typeof MenuArrange>['items']): Promise<void> {
  const { tx, caller } = ctx;
  const all = await loadMenu(tx, caller.entrepriseId);
  const byId = new Map(all.map((m) => [m.id, { ...m }]));
  for (const it of items) {
    const row = byId.get(it.id);
    if (!row) throw notFound('Élément de menu introuvable.');
    if (it.parentId !== null && !byId.has(it.parentId)) throw notFound('Élément parent introuvable.');
    Object.assign(row, { parentId: it.parentId, idx: it.idx, ...(it.hidden !== undefined ? { hidden: it.hidden } : {}) });
  }
  for (const it of items) {
    const chain = chainOf(it.id, byId);
    if (byId.get(chain[chain.length - 1])?.parentId !== null) {
      throw new AppError('VALIDATION', 'Un élément ne peut pas être placé sous lui-même.', [
        { champ: 'items', message: `cycle sur ${it.id}` },
      ]);
    }
  }
  await keepingAPermissionManager(tx, caller.entrepriseId, async () => {
    for (const it of items) await moveMenuItem(tx, caller.entrepriseId, it);
  });
  await bumpPermissionVersion(tx, caller.entrepriseId);
}

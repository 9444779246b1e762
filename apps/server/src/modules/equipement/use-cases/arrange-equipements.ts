import { arrangeCycle } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError, conflict } from '../../../platform/http/errors.ts';
import { accessOf, equipementFor } from '../equipement.access.ts';
import { lockTree, moveSubtree, orderChildren } from '../equipement.repository.ts';

export const CYCLE = "Impossible de placer un équipement sous lui-même ou sous l'un de ses descendants.";

/**
 * Puts `ids` under `parentId` (null: the root) in this order, re-parenting those that come from elsewhere. Under the
 * company's tree lock: the paths are read after the lock, so two simultaneous arranges run one after the other and
 * the second sees the first's tree (never a cycle, never a lost node). A move rewrites the moved subtree's path
 * prefix in one statement.
 */
export async function arrangeEquipements(tx: Tx, caller: Caller, parentId: number | null, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length !== ids.length) throw new AppError('VALIDATION', 'Un équipement figure deux fois dans la liste.');
  const a = await accessOf(tx, caller);
  await lockTree(tx, caller.entrepriseId);
  const parent = parentId === null ? null : await equipementFor(tx, caller, a, parentId, 'update');
  const parentPath = parent ? parent.path.map(Number) : [];
  if (arrangeCycle(parentPath, unique) !== null) throw conflict(CYCLE);
  if (!parent && a.entries && !a.entries.some((e) => e.equipementId === null && e.rights.update))
    throw new AppError('FORBIDDEN', "Vous n'avez pas le droit de modifier la racine de l'arbre.");
  const moved = [];
  for (const id of unique) {
    const row = await equipementFor(tx, caller, a, id, 'update');
    if ((row.parent_id === null ? null : Number(row.parent_id)) !== parentId) moved.push(id);
  }
  for (const id of moved) await moveSubtree(tx, caller.entrepriseId, id, parentId, parentPath);
  await orderChildren(tx, caller.entrepriseId, parentId, unique);
  return { message: moved.length ? `${moved.length} équipement(s) déplacé(s).` : 'Ordre enregistré.' };
}

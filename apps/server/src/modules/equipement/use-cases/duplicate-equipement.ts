import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { accessOf, entriesWritten, equipementFor, rightsOfRows } from '../equipement.access.ts';
import { copySubtree, grantCreator, lockTree, treeRows } from '../equipement.repository.ts';

/**
 * Copies an equipment (and its subtree when asked) beside it or under `parentId`: properties and isolation points,
 * not readings, activities nor RFID codes (a tag names one physical item). With specific rights on, only a subtree
 * the caller reads entirely may be copied, and the caller gets every right on the copy.
 */
export async function duplicateEquipement(tx: Tx, caller: Caller, id: number, body: { withChildren: boolean; parentId?: number | null }) {
  const a = await accessOf(tx, caller);
  await lockTree(tx, caller.entrepriseId);
  const source = await equipementFor(tx, caller, a, id, 'read');
  const parentId = body.parentId === undefined ? (source.parent_id === null ? null : Number(source.parent_id)) : body.parentId;
  const parent = parentId === null ? null : await equipementFor(tx, caller, a, parentId, 'create');
  if (!parent && a.entries && !a.entries.some((e) => e.equipementId === null && e.rights.create))
    throw new AppError('FORBIDDEN', "Vous n'avez pas le droit de créer un équipement à la racine.");
  const sourcePath = source.path.map(Number);
  if (body.withChildren && parent?.path.map(Number).includes(Number(source.id)))
    throw new AppError('CONFLICT', "Impossible de copier un équipement et ses enfants sous l'un d'eux.");
  if (body.withChildren && a.entries) {
    const sub = (await treeRows(tx, caller.entrepriseId)).filter((r) => r.path.map(Number).includes(Number(source.id)));
    const rights = rightsOfRows(a, sub);
    if (sub.some((r) => !rights.get(r.id)?.read))
      throw new AppError('FORBIDDEN', 'Une partie des enfants de cet équipement vous est inaccessible : copie refusée.');
  }
  const copy = await copySubtree(
    tx,
    caller.entrepriseId,
    { id: Number(source.id), path: sourcePath },
    parent ? { id: Number(parent.id), path: parent.path.map(Number) } : null,
    body.withChildren,
    caller.userId,
  );
  if (a.entries) {
    await grantCreator(tx, caller.entrepriseId, caller.userId, caller.isEE, copy.id);
    entriesWritten(caller);
  }
  return { id: copy.id, count: copy.count, message: copy.count > 1 ? `${copy.count} équipements copiés.` : 'Équipement copié.' };
}

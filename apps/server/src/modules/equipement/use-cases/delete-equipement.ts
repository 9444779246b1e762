import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { conflict } from '../../../platform/http/errors.ts';
import { accessOf, equipementFor } from '../equipement.access.ts';
import { otherReferrers } from '../equipement.referrers.ts';
import { childrenOf, linkedProcessNames, lockTree, softDelete } from '../equipement.repository.ts';

const quoted = (names: string[], count: number) =>
  `${names.map((n) => `« ${n} »`).join(', ')}${count > names.length ? ` et ${count - names.length} autre(s)` : ''}`;

/**
 * Deletes an equipment (soft: safety records keep pointing at it), refused with a French 409 naming what still
 * refers to it: its children, the processes linked to it, and what the other modules registered (readings...).
 */
export async function deleteEquipement(tx: Tx, caller: Caller, id: number) {
  const a = await accessOf(tx, caller);
  await lockTree(tx, caller.entrepriseId);
  const row = await equipementFor(tx, caller, a, id, 'delete', true);
  const [children, processes, others] = await Promise.all([
    childrenOf(tx, caller.entrepriseId, id),
    linkedProcessNames(tx, caller.entrepriseId, id),
    otherReferrers(tx, caller.entrepriseId, id),
  ]);
  const reasons: string[] = [];
  if (children.count) reasons.push(`${children.count} équipement(s) enfant(s) : ${quoted(children.names, children.count)}`);
  if (processes.count) reasons.push(`${processes.count} processus lié(s) : ${quoted(processes.names, processes.count)}`);
  reasons.push(...others);
  if (reasons.length)
    throw conflict(`Impossible de supprimer « ${row.name} » : ${reasons.join(' ; ')}.`, {
      enfants: children.count,
      processus: processes.count,
      autres: others,
    });
  await softDelete(tx, caller.entrepriseId, id);
  return { message: 'Équipement supprimé.', id };
}

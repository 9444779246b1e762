import type { Equipement } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { accessOf, type EquipementAccess, equipementFor, rightsOn } from '../equipement.access.ts';
import { presentEquipement } from '../equipement.presenter.ts';
import { type EquipementRow, namesOf, pointsOf } from '../equipement.repository.ts';

/** An equipment row as the API answers it: its readable ancestors, isolation points and the caller's rights on it. */
export async function presentRow(tx: Tx, caller: Caller, a: EquipementAccess, row: EquipementRow): Promise<Equipement> {
  const path = row.path.map(Number);
  const above = path.slice(0, -1).filter((_, i) => rightsOn(a, path.slice(0, i + 1)).read);
  const [names, points] = await Promise.all([namesOf(tx, caller.entrepriseId, above), pointsOf(tx, caller.entrepriseId, row.id)]);
  return presentEquipement(row, {
    childCount: Number(row.child_count),
    ancestors: above.map((id) => ({ id, name: names.get(id) ?? '' })),
    points,
    rights: rightsOn(a, path),
  });
}

/** The detail of an equipment the caller may read (404 unknown, 403 outside their rights). */
export async function getEquipement(tx: Tx, caller: Caller, id: number, a?: EquipementAccess): Promise<Equipement> {
  const access = a ?? (await accessOf(tx, caller));
  return presentRow(tx, caller, access, await equipementFor(tx, caller, access, id, 'read'));
}

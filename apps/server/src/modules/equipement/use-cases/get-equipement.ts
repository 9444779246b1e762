import type { Equipement } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { accessOf, type EquipementAccess, requireRight, rightsOn } from '../equipement.access.ts';
import { presentEquipement } from '../equipement.presenter.ts';
import { type EquipementRow, equipementDetail, namesOf, pointsOf } from '../equipement.repository.ts';

/** An equipment row as the API answers it: its readable ancestors, isolation points and the caller's rights on it. */
export async function presentRow(tx: Tx, caller: Caller, a: EquipementAccess, row: EquipementRow): Promise<Equipement> {
  const path = row.path.map(Number);
  const above = path.slice(0, -1).filter((_, i) => rightsOn(a, path.slice(0, i + 1)).read);
  // One query at a time on the request's connection (pg refuses queued queries from pg@9).
  const names = await namesOf(tx, caller.entrepriseId, above);
  const points = await pointsOf(tx, caller.entrepriseId, row.id);
  return presentEquipement(row, {
    childCount: Number(row.child_count),
    ancestors: above.map((id) => ({ id, name: names.get(id) ?? '' })),
    points,
    rights: rightsOn(a, path),
  });
}

/**
 * The detail of an equipment the caller may read (404 unknown, 403 outside their rights): its row, ancestors' names and
 * isolation points read in one statement.
 */
export async function getEquipement(tx: Tx, caller: Caller, id: number, a?: EquipementAccess): Promise<Equipement> {
  const access = a ?? (await accessOf(tx, caller));
  const row = await equipementDetail(tx, caller.entrepriseId, id);
  if (!row) throw notFound('Équipement introuvable.');
  const path = row.path.map(Number);
  requireRight(access, path, 'read');
  const names = new Map(row.ancestor_names.map((x) => [Number(x.id), x.name]));
  const above = path.slice(0, -1).filter((_, i) => rightsOn(access, path.slice(0, i + 1)).read);
  return presentEquipement(row, {
    childCount: Number(row.child_count),
    ancestors: above.map((x) => ({ id: x, name: names.get(x) ?? '' })),
    points: row.points,
    rights: rightsOn(access, path),
  });
}

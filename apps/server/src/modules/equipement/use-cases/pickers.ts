import type { EquipementOnLocation, EquipementStatus } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { accessOf, rightsOn } from '../equipement.access.ts';
import { activitesAmong, namesOf, onLocation, pathsOf, pickerRows, searchKey } from '../equipement.repository.ts';

/** Of some ids, the live equipment the caller may read (the `equipement` reference kind; other modules' pickers). */
export async function readableEquipementIds(tx: Tx, caller: Caller, ids: number[]): Promise<number[]> {
  const a = await accessOf(tx, caller);
  return (await pathsOf(tx, caller.entrepriseId, ids)).filter((r) => rightsOn(a, r.path.map(Number)).read).map((r) => Number(r.id));
}

/** Of some ids, the live activities whose equipment the caller may read (the `activite` reference kind). */
export async function readableActiviteIds(tx: Tx, caller: Caller, ids: number[]): Promise<number[]> {
  const a = await accessOf(tx, caller);
  return (await activitesAmong(tx, caller.entrepriseId, ids)).filter((r) => rightsOn(a, r.path.map(Number)).read).map((r) => Number(r.id));
}

/** The equipment placed on a location's plan that the caller may read. */
export async function equipementsOnLocation(tx: Tx, caller: Caller, localisationId: number): Promise<EquipementOnLocation[]> {
  const a = await accessOf(tx, caller);
  return (await onLocation(tx, caller.entrepriseId, localisationId))
    .filter((r) => rightsOn(a, r.path.map(Number)).read)
    .map((r) => ({
      id: Number(r.id),
      name: r.name,
      number: r.number,
      icon: r.icon,
      color: r.color,
      status: r.status as EquipementStatus,
      marker: { localisationId: Number(r.localisation_id), x: r.marker_x, y: r.marker_y },
    }));
}

/**
 * Equipment for a picker: readable, matching the search (accent- and case-free), with their path of names
 * (« Poste HTA › Transformateur T1 »). Also the label other modules store (`{id, libelle}`).
 */
export async function equipementOptions(tx: Tx, caller: Caller, search: string | undefined, limit: number) {
  const a = await accessOf(tx, caller);
  const key = search ? await searchKey(tx, search) : null;
  const found = (await pickerRows(tx, caller.entrepriseId, key || null, a.entries ? limit * 4 : limit))
    .filter((r) => rightsOn(a, r.path.map(Number)).read)
    .slice(0, limit);
  const names = await namesOf(tx, caller.entrepriseId, [...new Set(found.flatMap((r) => r.path.map(Number)))]);
  return found.map((r) => ({
    id: Number(r.id),
    libelle: r.number ? `${r.name} (${r.number})` : r.name,
    chemin: r.path.map((id) => names.get(Number(id)) ?? '').join(' › '),
  }));
}

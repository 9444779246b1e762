import type { Equipement } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { conflict } from '../../../platform/http/errors.ts';
import { accessOf, equipementFor } from '../equipement.access.ts';
import { type EquipementValues, updateEquipement as write } from '../equipement.repository.ts';
import { presentRow } from './get-equipement.ts';

export const STALE = "Cet équipement a été modifié entre-temps : rechargez-le avant d'enregistrer.";

/**
 * Writes columns of an equipment the caller may update; with `version`, only if it is still the one they read
 * (409 otherwise). Every write bumps the version.
 */
export async function updateEquipement(
  tx: Tx,
  caller: Caller,
  id: number,
  values: EquipementValues,
  version?: number,
): Promise<Equipement> {
  const a = await accessOf(tx, caller);
  const row = await equipementFor(tx, caller, a, id, 'update', true);
  if (version !== undefined && Number(row.version) !== version) throw conflict(STALE, { version: Number(row.version) });
  await write(tx, caller.entrepriseId, id, values, version);
  const after = await equipementFor(tx, caller, a, id, 'read');
  return presentRow(tx, caller, a, after);
}

import type { Entreprise } from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import { foundOrThrow, notFound } from '../../../platform/http/errors.ts';
import { existingIds, listEntreprises } from '../entreprise.repository.ts';

/** One company as the list shows it, or a French 404. */
export async function getEntreprise(tx: Tx, id: number): Promise<Entreprise> {
  return foundOrThrow((await listEntreprises(tx, [id]))[0], 'Entreprise introuvable.');
}

/** Every one of these companies exists (404 naming what is missing otherwise). */
export async function assertEntreprisesExist(tx: Tx, ids: number[], what = 'Entreprise introuvable.') {
  if ((await existingIds(tx, ids)).length !== new Set(ids).size) throw notFound(what);
}

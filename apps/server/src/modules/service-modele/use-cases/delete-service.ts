import type { ServiceType } from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import { conflict, notFound } from '../../../platform/http/errors.ts';
import { countUsersOfService, deleteService as deleteServiceRow } from '../service-modele.repository.ts';

/** Deletes a service of the company and type, refused (409) while people are still in it. */
export async function deleteService(tx: Tx, entrepriseId: number, type: ServiceType, id: number) {
  const used = await countUsersOfService(tx, id);
  if (used > 0) throw conflict(`Ce service compte encore ${used} utilisateur(s) : réaffectez-les d’abord.`);
  if (!(await deleteServiceRow(tx, entrepriseId, type, id))) throw notFound('Service introuvable.');
  return { message: 'Service supprimé avec succès.', id };
}

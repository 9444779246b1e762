import type { ServiceModele, ServiceType } from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import { insertService } from '../service-modele.repository.ts';
import { getService } from './get-service.ts';

/** Adds a service of this type at the end of the company's list. */
export async function createService(
  tx: Tx,
  entrepriseId: number,
  type: ServiceType,
  body: { libelle: string; couleur?: string | null },
): Promise<ServiceModele> {
  const id = await insertService(tx, { entrepriseId, libelle: body.libelle, couleur: body.couleur ?? null, type });
  return getService(tx, entrepriseId, id, type);
}

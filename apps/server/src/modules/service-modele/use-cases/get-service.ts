import type { ServiceModele, ServiceType } from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import { foundOrThrow } from '../../../platform/http/errors.ts';
import { listServices } from '../service-modele.repository.ts';

/** One service of the company and type, as the lists show it, or a French 404. */
export async function getService(tx: Tx, entrepriseId: number, id: number, type: ServiceType): Promise<ServiceModele> {
  return foundOrThrow(
    (await listServices(tx, entrepriseId, type)).find((s) => s.id === id),
    'Service introuvable.',
  );
}

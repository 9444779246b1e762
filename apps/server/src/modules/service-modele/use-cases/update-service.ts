import type { ServiceModele, ServiceType } from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { updateService as updateServiceRow } from '../service-modele.repository.ts';
import { getService } from './get-service.ts';

/** Renames or recolours a service of the company and type (404 for any other). */
export async function updateService(
  tx: Tx,
  entrepriseId: number,
  type: ServiceType,
  body: { id: number; libelle?: string; couleur?: string | null },
): Promise<ServiceModele> {
  const changed = await updateServiceRow(tx, entrepriseId, type, body.id, {
    ...(body.libelle !== undefined ? { libelle: body.libelle } : {}),
    ...(body.couleur !== undefined ? { couleur: body.couleur } : {}),
  });
  if (!changed) throw notFound('Service introuvable.');
  return getService(tx, entrepriseId, body.id, type);
}

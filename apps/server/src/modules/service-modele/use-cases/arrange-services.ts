import type { Tx } from '../../../platform/db/engine.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { lockServicesAmong, arrangeServices as writeOrder } from '../service-modele.repository.ts';

/** Orders the company's services as the ids are listed (each must be one of its own, locked meanwhile). */
export async function arrangeServices(tx: Tx, entrepriseId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if ((await lockServicesAmong(tx, entrepriseId, unique)).length !== unique.length) throw notFound('Service introuvable.');
  await writeOrder(tx, unique);
  return { message: 'Ordre enregistré avec succès.' };
}

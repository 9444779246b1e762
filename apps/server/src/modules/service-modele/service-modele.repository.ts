import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { serviceModele } from './service-modele.tables.ts';

/** Of these services, those of the company (any type: its own, its contractors', its suppliers'). */
export async function servicesAmong(tx: Tx, entrepriseId: number, ids: number[]) {
  const r = await tx
    .select({ id: serviceModele.id })
    .from(serviceModele)
    .where(and(eq(serviceModele.entrepriseId, entrepriseId), inArray(serviceModele.id, ids)));
  return r.map((x) => x.id);
}

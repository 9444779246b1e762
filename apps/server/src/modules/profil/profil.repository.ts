import { inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { profilModele } from './profil.tables.ts';

/** Of these profile ids, those of the system-wide list of profile models. */
export async function profilsAmong(tx: Tx, ids: number[]) {
  const r = await tx.select({ id: profilModele.id }).from(profilModele).where(inArray(profilModele.id, ids));
  return r.map((x) => x.id);
}

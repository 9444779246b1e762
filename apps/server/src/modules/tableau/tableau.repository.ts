import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { tableau } from './tableau.tables.ts';

/** Of these boards, those of the company. */
export async function tableauxAmong(tx: Tx, entrepriseId: number, ids: number[]) {
  const r = await tx
    .select({ id: tableau.id })
    .from(tableau)
    .where(and(eq(tableau.entrepriseId, entrepriseId), inArray(tableau.id, ids)));
  return r.map((x) => x.id);
}

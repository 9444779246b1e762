import type { Ctx } from '../../../platform/http/route.ts';
import { deleteTableauRow } from '../tableau.repository.ts';
import { openTableau } from './open-tableau.ts';

/** Deletes a board the caller may delete (its filters and displays go with it). */
export async function deleteTableau(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number): Promise<number> {
  const r = await openTableau(ctx, id, 'delete');
  await deleteTableauRow(ctx.tx, r.id);
  return r.id;
}

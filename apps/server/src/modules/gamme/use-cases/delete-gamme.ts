import type { Ctx } from '../../../platform/http/route.ts';
import { gammeFor } from '../gamme.access.ts';
import { softDeleteGamme } from '../gamme.repository.ts';

/** Deletes a gamme: kept (deleted_at) with its points and readings, which the history still shows. */
export async function deleteGamme(ctx: Ctx, id: number) {
  await gammeFor(ctx, id, 'delete', true);
  await softDeleteGamme(ctx.tx, ctx.caller.entrepriseId, id);
  return { message: 'Gamme supprimée avec succès.', id };
}

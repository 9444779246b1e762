import type { Ctx } from '../../../platform/http/route.ts';
import { deleteAffichageRow } from '../tableau.repository.ts';
import { openAffichage } from './open-affichage.ts';

/** Deletes a display the caller may change. */
export async function deleteAffichage(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number): Promise<number> {
  const a = await openAffichage(ctx, id);
  await deleteAffichageRow(ctx.tx, a.id);
  return a.id;
}

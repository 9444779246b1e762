import { notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { deleteFiltreRow, findFiltre } from '../tableau.repository.ts';
import { openTableau } from './open-tableau.ts';

/** Deletes a saved filter of a board the caller may update. */
export async function deleteFiltre(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number): Promise<number> {
  const f = await findFiltre(ctx.tx, ctx.caller.entrepriseId, id);
  if (!f) throw notFound('Filtre introuvable.');
  await openTableau(ctx, f.tableauId, 'update');
  await deleteFiltreRow(ctx.tx, f.id);
  return f.id;
}

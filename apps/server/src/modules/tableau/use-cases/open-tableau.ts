import { assertCan, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { findTableau, type TableauRow } from '../tableau.repository.ts';

/** A board of the caller's company that the caller may read (or update, delete): 404 otherwise, 403 without the right. */
export async function openTableau(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  id: number,
  action: 'read' | 'update' | 'delete' = 'read',
): Promise<TableauRow> {
  const r = await findTableau(ctx.tx, ctx.caller.entrepriseId, id);
  if (!r) throw notFound('Tableau introuvable.');
  assertCan(ctx.caller.ability, action, 'Tableau', { id: r.id, entrepriseId: r.entrepriseId });
  return r;
}

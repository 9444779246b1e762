import { notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { arrangeRows, lockFiltres } from '../tableau.repository.ts';
import { openTableau } from './open-tableau.ts';

/** Orders the saved filters of one board (all of them the company's, of a board the caller may update). */
export async function arrangeFiltres(ctx: Pick<Ctx, 'tx' | 'caller'>, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await lockFiltres(ctx.tx, ctx.caller.entrepriseId, unique);
  if (rows.length !== unique.length || new Set(rows.map((r) => r.tableauId)).size !== 1) throw notFound('Filtre introuvable.');
  await openTableau(ctx, rows[0].tableauId, 'update');
  await arrangeRows(ctx.tx, 'filtre', unique);
}

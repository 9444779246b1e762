import type { FiltreUpdate } from '@app/contracts';
import type { z } from 'zod';
import { notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { type FiltreRow, findFiltre, updateFiltreRow } from '../tableau.repository.ts';
import { assertCriteres } from './check-board-references.ts';
import { openTableau } from './open-tableau.ts';

/** Renames a saved filter or changes its criteria, on a board the caller may update. */
export async function updateFiltre(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof FiltreUpdate>): Promise<FiltreRow> {
  const f = await findFiltre(ctx.tx, ctx.caller.entrepriseId, body.id);
  if (!f) throw notFound('Filtre introuvable.');
  const board = await openTableau(ctx, f.tableauId, 'update');
  if (body.criteres) await assertCriteres(ctx.tx, board, body.criteres);
  return updateFiltreRow(ctx.tx, f.id, {
    ...(body.nom !== undefined ? { nom: body.nom } : {}),
    ...(body.criteres ? { criteres: body.criteres } : {}),
  });
}

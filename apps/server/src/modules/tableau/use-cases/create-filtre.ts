import type { FiltreCreate } from '@app/contracts';
import type { z } from 'zod';
import type { Ctx } from '../../../platform/http/route.ts';
import { type FiltreRow, insertFiltre, nextFiltreIdx } from '../tableau.repository.ts';
import { assertCriteres } from './check-board-references.ts';
import { openTableau } from './open-tableau.ts';

/** Adds a saved filter after the board's last, on a board the caller may update. */
export async function createFiltre(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof FiltreCreate>): Promise<FiltreRow> {
  const board = await openTableau(ctx, body.tableauId, 'update');
  await assertCriteres(ctx.tx, board, body.criteres);
  const idx = await nextFiltreIdx(ctx.tx, board.id);
  return insertFiltre(ctx.tx, { entrepriseId: board.entrepriseId, tableauId: board.id, nom: body.nom, criteres: body.criteres, idx });
}

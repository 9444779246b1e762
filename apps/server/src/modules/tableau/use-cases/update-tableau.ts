import type { TableauUpdate } from '@app/contracts';
import type { z } from 'zod';
import type { Ctx } from '../../../platform/http/route.ts';
import { type TableauRow, updateTableauRow } from '../tableau.repository.ts';
import { assertBoardReferences } from './check-board-references.ts';
import { openTableau } from './open-tableau.ts';

/** Changes a board the caller may update; the workflows and fields it names must be the company's. */
export async function updateTableau(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof TableauUpdate>): Promise<TableauRow> {
  const r = await openTableau(ctx, body.id, 'update');
  await assertBoardReferences(ctx.tx, r.entrepriseId, body.workflows ?? r.workflows, body.metriques ?? r.metriques);
  return updateTableauRow(ctx.tx, r.id, {
    ...(body.nom !== undefined ? { nom: body.nom } : {}),
    ...(body.icon !== undefined ? { icon: body.icon } : {}),
    ...(body.logicielId !== undefined ? { logicielId: body.logicielId } : {}),
    ...(body.config !== undefined ? { config: body.config } : {}),
    ...(body.workflows !== undefined ? { workflows: [...new Set(body.workflows)] } : {}),
    ...(body.metriques !== undefined ? { metriques: [...new Set(body.metriques)] } : {}),
    ...(body.gamme_modele_id !== undefined ? { gammeModeleId: body.gamme_modele_id } : {}),
    ...(body.isEE !== undefined ? { isEe: body.isEE } : {}),
  });
}

import type { EtapeUpdate } from '@app/contracts';
import type { z } from 'zod';
import type { Ctx } from '../../../platform/http/route.ts';
import { type EtapeRow, updateEtapeRow } from '../etape.repository.ts';
import { editModele } from './edit-modele.ts';
import { etapeOrThrow } from './get-workflow.ts';

/** Renames a step or merges its settings; returns the step. */
export async function updateEtape(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof EtapeUpdate>): Promise<EtapeRow> {
  const s = await etapeOrThrow(ctx, body.id);
  await editModele(ctx, s.processModeleId, (tx) =>
    updateEtapeRow(tx, s.id, {
      ...(body.nom !== undefined ? { nom: body.nom } : {}),
      ...(body.config ? { config: { ...(s.config as Record<string, unknown>), ...body.config } } : {}),
    }),
  );
  return s;
}

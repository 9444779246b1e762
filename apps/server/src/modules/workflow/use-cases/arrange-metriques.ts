import { METRIQUE_IDX_LIMIT, type MetriqueArrange } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { type EtapeRow, metriquesOfEtape, renumberMetriques } from '../etape.repository.ts';
import { editModele } from './edit-modele.ts';
import { etapeOrThrow } from './get-workflow.ts';

/** Puts a step's fields in the given order, which must name each of them once (fields beyond the idx limit stay). */
export async function arrangeMetriques(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof MetriqueArrange>): Promise<EtapeRow> {
  const s = await etapeOrThrow(ctx, body.etapeId);
  await editModele(ctx, s.processModeleId, async (tx) => {
    const normal = (await metriquesOfEtape(tx, s.id)).filter((f) => f.idx < METRIQUE_IDX_LIMIT);
    const ids = [...new Set(body.ids)];
    if (ids.length !== normal.length || !normal.every((f) => ids.includes(f.id))) {
      throw new AppError('VALIDATION', "La liste doit contenir chaque champ de l'étape une fois.", [
        { champ: 'ids', message: 'incomplète' },
      ]);
    }
    await renumberMetriques(tx, ids);
  });
  return s;
}

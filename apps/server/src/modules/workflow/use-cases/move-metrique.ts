import { type MetriqueSwitch, nextMetriqueIdx } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { metriquesOfEtape, moveChildrenToEtape, shiftMetriquesFrom, updateMetriqueRow } from '../etape.repository.ts';
import { editModele } from './edit-modele.ts';
import { etapeOrThrow, metriqueOrThrow } from './get-workflow.ts';

/**
 * Moves a field to another step of its model, at the idx given (later fields move down) or after the others; it
 * leaves its group, and a group takes its children along. Returns the field's id.
 */
export async function moveMetrique(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof MetriqueSwitch>): Promise<number> {
  const f = await metriqueOrThrow(ctx, body.id);
  const target = await etapeOrThrow(ctx, body.etapeId);
  if (target.processModeleId !== f.processModeleId) throw new AppError('VALIDATION', 'Un champ ne change pas de workflow.');
  await editModele(ctx, f.processModeleId, async (tx) => {
    const existing = (await metriquesOfEtape(tx, target.id)).filter((x) => x.id !== f.id);
    let idx = nextMetriqueIdx(existing.map((x) => x.idx));
    if (body.idx !== undefined) {
      await shiftMetriquesFrom(tx, target.id, body.idx);
      idx = body.idx;
    }
    await updateMetriqueRow(tx, f.id, { etapeId: target.id, idx, parentId: null });
    await moveChildrenToEtape(tx, f.id, target.id);
  });
  return f.id;
}

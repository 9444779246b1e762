import { type MetriqueAssign, type MetriqueInsert, nextMetriqueIdx } from '@app/contracts';
import type { z } from 'zod';
import type { Ctx } from '../../../platform/http/route.ts';
import { insertMetrique, metriquesOfEtape, shiftMetriquesFrom } from '../etape.repository.ts';
import { assertFieldLinks } from './assert-field-links.ts';
import { assertHeaderSource } from './assert-header-source.ts';
import { editModele } from './edit-modele.ts';
import { etapeOrThrow } from './get-workflow.ts';

type Added = z.output<typeof MetriqueAssign> | z.output<typeof MetriqueInsert>;

/**
 * Adds a field to a step: at the idx given (the later fields move down by one) or after the others (idx rule);
 * its group, conditions and references must be of the model. Returns its id.
 */
export async function addMetrique(ctx: Pick<Ctx, 'tx' | 'caller'>, body: Added): Promise<number> {
  const s = await etapeOrThrow(ctx, body.etapeId);
  return editModele(ctx, s.processModeleId, async (tx, m) => {
    await assertFieldLinks(tx, m.entrepriseId, m.id, s.id, body);
    await assertHeaderSource(tx, m.id, { id: 0, nom: body.nom, dataType: body.dataType, propertyValues: body.propertyValues ?? {} });
    let idx: number;
    if ('idx' in body) {
      await shiftMetriquesFrom(tx, s.id, body.idx);
      idx = body.idx;
    } else {
      idx = nextMetriqueIdx((await metriquesOfEtape(tx, s.id)).map((f) => f.idx));
    }
    const { etapeId: _e, ...v } = body;
    return insertMetrique(tx, {
      ...v,
      entrepriseId: m.entrepriseId,
      processModeleId: m.id,
      etapeId: s.id,
      idx,
      propertyValues: v.propertyValues ?? {},
      conditions: v.conditions ?? [],
      references: v.references ?? null,
    });
  });
}

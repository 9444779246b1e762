import type { MetriqueUpdate } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { updateMetriqueRow } from '../etape.repository.ts';
import { assertFieldLinks } from './assert-field-links.ts';
import { assertHeaderSource } from './assert-header-source.ts';
import { editModele } from './edit-modele.ts';
import { metriqueOrThrow } from './get-workflow.ts';

/** Changes a field's properties; its group, conditions and references must be of the model, and not itself. */
export async function updateMetrique(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof MetriqueUpdate>): Promise<number> {
  const f = await metriqueOrThrow(ctx, body.id);
  await editModele(ctx, f.processModeleId, async (tx, m) => {
    await assertFieldLinks(tx, m.entrepriseId, f.processModeleId, f.etapeId, body);
    if (body.propertyValues) {
      await assertHeaderSource(tx, f.processModeleId, {
        id: f.id,
        nom: body.nom ?? f.nom,
        dataType: f.dataType,
        propertyValues: body.propertyValues,
      });
    }
    if (body.conditions?.some((c) => c.tests.some((t) => t.metriqueId === f.id))) {
      throw new AppError('VALIDATION', 'Un champ ne peut pas dépendre de lui-même.', [{ champ: 'conditions', message: 'boucle' }]);
    }
    const { id: _id, ...v } = body;
    await updateMetriqueRow(tx, f.id, v);
  });
  return f.id;
}

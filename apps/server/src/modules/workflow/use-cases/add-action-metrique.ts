import { type ActionMetriqueCreate, nextMetriqueIdx } from '@app/contracts';
import type { z } from 'zod';
import type { Ctx } from '../../../platform/http/route.ts';
import { insertMetrique, metriquesOfEtape } from '../etape.repository.ts';
import { assertCreatableWorkflow } from './assert-creatable-workflow.ts';
import { editModele } from './edit-modele.ts';
import { etapeOrThrow } from './get-workflow.ts';

/** Adds a button that creates a process of another workflow, one the model may create; returns its id. */
export async function addActionMetrique(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof ActionMetriqueCreate>): Promise<number> {
  const s = await etapeOrThrow(ctx, body.etapeId);
  return editModele(ctx, s.processModeleId, async (tx, m) => {
    assertCreatableWorkflow(m, body.processModeleId);
    return insertMetrique(tx, {
      entrepriseId: m.entrepriseId,
      processModeleId: m.id,
      etapeId: s.id,
      nom: body.nom,
      dataType: 'action_button',
      idx: nextMetriqueIdx((await metriquesOfEtape(tx, s.id)).map((f) => f.idx)),
      propertyValues: { processModeleId: body.processModeleId },
    });
  });
}

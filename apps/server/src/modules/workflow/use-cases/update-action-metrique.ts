import type { ActionMetriqueUpdate } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { updateMetriqueRow } from '../etape.repository.ts';
import { assertCreatableWorkflow } from './assert-creatable-workflow.ts';
import { editModele } from './edit-modele.ts';
import { metriqueOrThrow } from './get-workflow.ts';

/** Renames an action button or points it at another workflow the model may create; returns its id. */
export async function updateActionMetrique(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof ActionMetriqueUpdate>): Promise<number> {
  const f = await metriqueOrThrow(ctx, body.id);
  if (f.dataType !== 'action_button') throw new AppError('VALIDATION', "Ce champ n'est pas un bouton d'action.");
  await editModele(ctx, f.processModeleId, async (tx, m) => {
    if (body.processModeleId !== undefined) assertCreatableWorkflow(m, body.processModeleId);
    await updateMetriqueRow(tx, f.id, {
      ...(body.nom !== undefined ? { nom: body.nom } : {}),
      ...(body.processModeleId !== undefined
        ? { propertyValues: { ...(f.propertyValues as Record<string, unknown>), processModeleId: body.processModeleId } }
        : {}),
    });
  });
  return f.id;
}

import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { deleteEtapeRow, etapesOf, renumberEtapes } from '../etape.repository.ts';
import { editModele } from './edit-modele.ts';
import { etapeOrThrow } from './get-workflow.ts';

/** Deletes a step (its fields and rules go with it) and closes the gap; a model keeps at least one step. */
export async function deleteEtape(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number): Promise<void> {
  const s = await etapeOrThrow(ctx, id);
  await editModele(ctx, s.processModeleId, async (tx) => {
    const steps = await etapesOf(tx, s.processModeleId);
    if (steps.length === 1) throw new AppError('CONFLICT', 'Un workflow garde au moins une étape.');
    await deleteEtapeRow(tx, s.id);
    await renumberEtapes(
      tx,
      steps.filter((x) => x.id !== s.id).map((x) => x.id),
    );
  });
}

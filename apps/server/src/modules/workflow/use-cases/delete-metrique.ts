import type { Ctx } from '../../../platform/http/route.ts';
import { deleteMetriqueRow } from '../etape.repository.ts';
import { editModele } from './edit-modele.ts';
import { metriqueOrThrow } from './get-workflow.ts';

/** Deletes a field of the company's model. */
export async function deleteMetrique(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number): Promise<void> {
  const f = await metriqueOrThrow(ctx, id);
  await editModele(ctx, f.processModeleId, (tx) => deleteMetriqueRow(tx, f.id));
}

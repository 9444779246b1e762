import type { Ctx } from '../../../platform/http/route.ts';
import { deleteAutorisationRow } from '../etape.repository.ts';
import { editModele } from './edit-modele.ts';
import { autorisationOrThrow, etapeOrThrow } from './get-workflow.ts';

/** Deletes a rule of a step of the company's model. */
export async function deleteAutorisation(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number): Promise<void> {
  const r = await autorisationOrThrow(ctx, id);
  const s = await etapeOrThrow(ctx, r.etapeId);
  await editModele(ctx, s.processModeleId, (tx) => deleteAutorisationRow(tx, r.id));
}

import { AppError, assertCan, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { countProcessesOf, deleteModeleRow, lockModele } from '../workflow.repository.ts';

/** Deletes a model of the company that is neither locked nor used by a process (409 otherwise: lock it instead). */
export async function deleteWorkflow(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number): Promise<void> {
  const { tx, caller } = ctx;
  const m = await lockModele(tx, caller.entrepriseId, id);
  if (!m) throw notFound('Workflow introuvable.');
  assertCan(caller.ability, 'delete', 'ProcessModele', { id: m.id, entrepriseId: m.entrepriseId });
  if (m.locked) throw new AppError('CONFLICT', 'Ce workflow est verrouillé : déverrouillez-le pour le supprimer.');
  const n = await countProcessesOf(tx, m.id);
  if (n > 0) throw new AppError('CONFLICT', `Ce workflow a ${n} processus : il ne peut pas être supprimé (verrouillez-le plutôt).`);
  await deleteModeleRow(tx, m.id);
}

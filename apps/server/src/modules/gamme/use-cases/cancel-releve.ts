import type { Releve } from '@app/contracts';
import { foundOrThrow, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { assertReadableEquipement } from '../gamme.access.ts';
import { findReleve, cancelReleve as markCancelled } from '../gamme.repository.ts';

/**
 * « Deletes » a reading of the history: the row is kept, marked cancelled with who, when and why, and leaves the
 * valid history (the previous value, the charts). Cancelling it again changes nothing (the first cancellation stays).
 * With `activite-instance-id`, the reading must belong to that activity instance.
 */
export async function cancelReleve(ctx: Ctx, id: number, motif: string, activiteInstanceId?: number): Promise<Releve> {
  const r = foundOrThrow(await findReleve(ctx.tx, ctx.caller.entrepriseId, id), 'Relevé introuvable.');
  await assertReadableEquipement(ctx, r.equipementId);
  if (activiteInstanceId !== undefined && r.activiteInstanceId !== activiteInstanceId)
    throw notFound('Relevé introuvable pour cette activité.');
  await markCancelled(ctx.tx, ctx.caller.entrepriseId, id, ctx.caller.userId, motif);
  return foundOrThrow(await findReleve(ctx.tx, ctx.caller.entrepriseId, id));
}

import { AppError, assertCan, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { announce, journal } from '../process.repository.ts';
import { clearOwnSignature } from '../process-signatures.repository.ts';
import { engineContext, lockedSharedProcessOrThrow } from './engine-helpers.ts';

/** Withdraws the caller's own signature from a field of a step not validated yet; returns the signature's id. */
export async function removeSignature(ctx: Pick<Ctx, 'tx' | 'caller'>, processId: number, metriqueId: number): Promise<number> {
  const { tx, caller } = ctx;
  const p = await lockedSharedProcessOrThrow(tx, caller, processId);
  assertCan(caller.ability, 'update', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
  const c = await engineContext(tx, p);
  const f = c.fields.find((x) => x.id === metriqueId);
  if (!f) throw notFound('Champ introuvable.');
  if (c.state.steps.find((s) => s.etapeId === f.etapeId)?.isValid)
    throw new AppError('CONFLICT', 'Cette étape est validée : sa signature ne se retire plus.');
  const id = await clearOwnSignature(tx, p.id, f.id, caller.userId);
  if (id === null) throw notFound('Aucune signature de votre part sur ce champ.');
  await journal(tx, p, caller.userId, 'signature-retiree', null, { metriqueId: f.id }, null);
  await announce(tx, p.entrepriseId, 'updated', [p.id]);
  return id;
}

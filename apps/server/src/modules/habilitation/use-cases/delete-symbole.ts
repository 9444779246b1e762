import { AppError, foundOrThrow } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { findSymbole, liveHoldingsOf, lockCatalogue, softDeleteSymbole } from '../habilitation.repository.ts';

/** Removes a symbol from the catalogue (kept for the titles that held it); refused while a live title holds it. */
export async function deleteSymbole(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number) {
  const { tx, caller } = ctx;
  await lockCatalogue(tx, caller.entrepriseId);
  const s = foundOrThrow(await findSymbole(tx, caller.entrepriseId, id), 'Symbole introuvable.');
  const n = await liveHoldingsOf(tx, id);
  if (n)
    throw new AppError(
      'CONFLICT',
      `Le symbole ${s.code} figure sur ${n} titre${n > 1 ? 's' : ''} d'habilitation en cours : désactivez-le plutôt.`,
    );
  await softDeleteSymbole(tx, id);
  return { message: `Symbole ${s.code} retiré du catalogue.`, id };
}

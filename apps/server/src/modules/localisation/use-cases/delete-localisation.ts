import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { assertCan, conflict, notFound } from '../../../platform/http/errors.ts';
import { childrenOf, equipementsAt, lockLocalisation, softDeleteLocalisation } from '../localisation.repository.ts';

/** Soft-deletes a location, refused (409, naming them) while equipment stands on it or sub-locations remain. */
export async function deleteLocalisation(tx: Tx, caller: Caller, id: number) {
  const row = await lockLocalisation(tx, caller.entrepriseId, id);
  if (!row) throw notFound('Localisation introuvable.');
  assertCan(caller.ability, 'delete', 'Localisation', { id: row.id, entrepriseId: row.entrepriseId });
  const eqs = await equipementsAt(tx, id);
  if (eqs.length) {
    const names = eqs
      .slice(0, 3)
      .map((e) => `« ${e.name} »`)
      .join(', ');
    throw conflict(
      `${eqs.length} équipement(s) sont placés sur cette localisation (${names}${eqs.length > 3 ? '…' : ''}) : déplacez-les d’abord.`,
      { equipementIds: eqs.map((e) => e.id) },
    );
  }
  const kids = await childrenOf(tx, id);
  if (kids.length)
    throw conflict(`Cette localisation contient ${kids.length} sous-localisation(s) : supprimez-les ou déplacez-les d’abord.`, {
      localisationIds: kids.map((k) => k.id),
    });
  await softDeleteLocalisation(tx, id);
  return { message: 'Localisation supprimée avec succès.', id };
}

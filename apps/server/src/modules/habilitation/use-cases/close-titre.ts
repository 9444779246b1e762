import { jourDe, type TitreRenew, type TitreRevoke } from '@app/contracts';
import type { z } from 'zod';
import { AppError, foundOrThrow } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { insertTitre, lockTitre, nextTitreNumero, replaceDetentions, revokeTitre, softDeleteTitre } from '../habilitation.repository.ts';
import { detentionValues, titreOrThrow } from './save-titre.ts';

/** Revokes a title (kept, with who, when and why): the gate no longer counts it. */
export async function revokeTitreOf(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof TitreRevoke>) {
  const { tx, caller } = ctx;
  const t = foundOrThrow(await lockTitre(tx, caller.entrepriseId, body.id), "Titre d'habilitation introuvable.");
  if (t.etat === 'revoque') throw new AppError('CONFLICT', 'Ce titre est déjà révoqué.');
  if (t.etat === 'brouillon') throw new AppError('CONFLICT', 'Un titre en brouillon ne se révoque pas : supprimez-le.');
  await revokeTitre(tx, t.id, caller.userId, body.motif);
  return titreOrThrow(ctx, t.id);
}

/**
 * Renews a signed title after recyclage: a new draft with the same symbols and scopes, obtained on the recyclage day
 * (today by default), due dates recomputed. It replaces the old one once the employer and the holder have signed it.
 */
export async function renewTitre(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof TitreRenew>) {
  const { tx, caller } = ctx;
  const t = foundOrThrow(await lockTitre(tx, caller.entrepriseId, body.id), "Titre d'habilitation introuvable.");
  if (t.etat !== 'signe') throw new AppError('CONFLICT', 'Seul un titre signé en cours se renouvelle.');
  const old = await titreOrThrow(ctx, t.id);
  const jour = body.dateObtention ?? jourDe(new Date());
  const detentions = await detentionValues(
    ctx,
    old.detentions.map((d) => ({
      habilitationId: d.habilitationId,
      domaine: d.domaine,
      equipementId: d.equipementId,
      localisationId: d.localisationId,
      dateObtention: jour,
      restrictions: d.restrictions,
    })),
  );
  const id = await insertTitre(tx, caller.entrepriseId, {
    numero: await nextTitreNumero(tx, caller.entrepriseId),
    utilisateurId: old.utilisateurId,
    employeur: old.employeur,
    dateDelivrance: jour,
    dateFinValidite: null,
    formationId: old.formationId,
    observations: old.observations,
    remplaceId: old.id,
    createdBy: caller.userId,
  });
  await replaceDetentions(tx, caller.entrepriseId, id, old.utilisateurId, detentions);
  return titreOrThrow(ctx, id);
}

/** Deletes a draft title (a signed one is a safety record: revoked, never deleted). */
export async function deleteTitre(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number) {
  const { tx, caller } = ctx;
  const t = foundOrThrow(await lockTitre(tx, caller.entrepriseId, id), "Titre d'habilitation introuvable.");
  if (t.etat !== 'brouillon' || t.signeEmployeurAt || t.signeTitulaireAt)
    throw new AppError('CONFLICT', 'Un titre signé ne se supprime pas : révoquez-le.');
  await softDeleteTitre(tx, t.id);
  return { message: "Titre d'habilitation supprimé.", id };
}

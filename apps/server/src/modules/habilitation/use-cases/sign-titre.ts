import type { TitreSign } from '@app/contracts';
import type { z } from 'zod';
import { AppError, foundOrThrow } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { lockTitre, markSigned, personOf, signTitreEmployeur, signTitreTitulaire } from '../habilitation.repository.ts';
import { titreOrThrow } from './save-titre.ts';

/**
 * Signs a draft title for the employer or, by the holder, as the holder (R4544-10: both sign). Once both have, the
 * title is valid and the one it renews is replaced. Signing again what one already signed answers the title as is.
 */
export async function signTitre(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof TitreSign>, role: 'employeur' | 'titulaire') {
  const { tx, caller } = ctx;
  const t = foundOrThrow(await lockTitre(tx, caller.entrepriseId, body.id), "Titre d'habilitation introuvable.");
  if (role === 'titulaire' && t.utilisateurId !== caller.userId)
    throw new AppError('FORBIDDEN', "Seul le titulaire signe son titre d'habilitation en tant que titulaire.");
  const already = role === 'employeur' ? t.signeEmployeurAt : t.signeTitulaireAt;
  if (already) return titreOrThrow(ctx, t.id);
  if (t.etat !== 'brouillon') throw new AppError('CONFLICT', 'Ce titre n’est plus à signer (révoqué ou remplacé).');
  if (role === 'employeur') {
    const me = await personOf(tx, caller.userId);
    await signTitreEmployeur(tx, t.id, { userId: caller.userId, nom: me ? `${me.prenom} ${me.nom}` : '', image: body.image ?? null });
  } else await signTitreTitulaire(tx, t.id, body.image ?? null);
  const other = role === 'employeur' ? t.signeTitulaireAt : t.signeEmployeurAt;
  if (other) await markSigned(tx, t.id, t.remplaceId);
  return titreOrThrow(ctx, t.id);
}

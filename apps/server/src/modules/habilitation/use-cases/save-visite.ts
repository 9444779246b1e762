import { ATTESTATION_MEDICALE_MOIS, ajouterMois, type VisiteCancel, type VisiteCreate, type VisiteUpdate } from '@app/contracts';
import type { z } from 'zod';
import { AppError, foundOrThrow, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { cancelVisiteRow, findVisite, insertVisite, personOf, updateVisiteRow, type VisiteValues } from '../habilitation.repository.ts';

/** An attestation de non contre-indication is valid 5 years from its date unless another end is given (décret 2025-355). */
function values(v: {
  type: string;
  date: string;
  resultat?: string | null;
  validUntil?: string | null;
  restrictions?: string | null;
}): VisiteValues {
  const validUntil =
    v.validUntil === undefined && v.type === 'attestation' ? ajouterMois(v.date, ATTESTATION_MEDICALE_MOIS) : (v.validUntil ?? null);
  if (validUntil && validUntil < v.date)
    throw new AppError('VALIDATION', 'La fin de validité précède la date de la visite.', [{ champ: 'validUntil' }]);
  return { type: v.type, date: v.date, resultat: v.resultat ?? null, validUntil, restrictions: v.restrictions ?? null };
}

export async function createVisite(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof VisiteCreate>) {
  const { tx, caller } = ctx;
  const person = await personOf(tx, body.utilisateurId);
  if (!person || person.entrepriseId !== caller.entrepriseId) throw notFound('Personne introuvable.');
  const id = await insertVisite(tx, caller.entrepriseId, person.id, values(body), caller.userId);
  return foundOrThrow(await findVisite(tx, caller.entrepriseId, id));
}

export async function updateVisite(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof VisiteUpdate>) {
  const { tx, caller } = ctx;
  const v = foundOrThrow(await findVisite(tx, caller.entrepriseId, body.id, true), 'Visite médicale introuvable.');
  if (v.annuleeAt) throw new AppError('CONFLICT', 'Cette visite est annulée : elle ne se modifie plus.');
  const { id, ...patch } = body;
  // A changed date of an attestation moves its default end with it, unless an end is given.
  const validUntil = patch.validUntil !== undefined ? patch.validUntil : patch.date || patch.type ? undefined : v.validUntil;
  await updateVisiteRow(tx, id, values({ ...v, ...patch, validUntil }));
  return foundOrThrow(await findVisite(tx, caller.entrepriseId, id));
}

/** Cancels a visit entered by mistake: kept, marked with who, when and why; it no longer counts for the gate. */
export async function cancelVisite(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof VisiteCancel>) {
  const { tx, caller } = ctx;
  const v = foundOrThrow(await findVisite(tx, caller.entrepriseId, body.id, true), 'Visite médicale introuvable.');
  if (v.annuleeAt) throw new AppError('CONFLICT', 'Cette visite est déjà annulée.');
  await cancelVisiteRow(tx, v.id, caller.userId, body.motif);
  return foundOrThrow(await findVisite(tx, caller.entrepriseId, v.id));
}

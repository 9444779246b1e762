import { AppError, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { journal } from '../../process/index.ts';
import { isPersonOfCompany, type LockoutProcess, namesOf } from '../consignation.repository.ts';
import { attestationsOf, cadenasById, hashOf, insertCadenas, removeCadenas } from '../consignation-parts.repository.ts';
import { announceLockout } from './announce-lockout.ts';
import { clientOnly, contractorOn, lockedLockoutOrThrow } from './locked-lockout.ts';

// Personal padlocks on the lockbox (domain §1.7): each worker puts his own on while the ouvrage is consigned, takes
// it off himself; the lockout is released only when every one is off; an absent worker's padlock is removed by the
// chargé de consignation through its own written, witnessed, signed and journaled procedure.

const CONSIGNES = ['consignee', 'travaux_autorises', 'en_cours', 'interrompue', 'suspendue_securite'];

/**
 * Puts a worker's personal padlock on (one at a time per worker and lockout). A contractor records those of its own
 * company's people only (its workers on its client's lockout).
 */
export async function putPadlock(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  body: { processId: number; utilisateurId: number; numero: string },
): Promise<LockoutProcess> {
  const { tx, caller } = ctx;
  const { p, rec } = await lockedLockoutOrThrow(ctx, body.processId, { partner: true });
  if (contractorOn(caller, p) && !(await isPersonOfCompany(tx, body.utilisateurId, caller.entrepriseId)))
    throw clientOnly('Un prestataire pose les cadenas personnels des intervenants de son entreprise seulement.');
  if (!CONSIGNES.includes(rec.etat))
    throw new AppError('CONFLICT', "Les cadenas personnels se posent sur un ouvrage consigné, avant d'y travailler.");
  const c = await insertCadenas(tx, {
    entrepriseId: p.entrepriseId,
    processId: p.id,
    utilisateurId: body.utilisateurId,
    numero: body.numero,
    poseParId: caller.userId,
  });
  if (!c) throw new AppError('CONFLICT', 'Cet intervenant a déjà son cadenas sur cette consignation.');
  await journal(tx, p, caller.userId, 'cadenas-pose', null, null, { utilisateurId: body.utilisateurId, numero: body.numero });
  await announceLockout(tx, p, rec);
  return p;
}

async function padlockOfLockout(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number, partner = false) {
  const found = await cadenasById(ctx.tx, id);
  if (!found) throw notFound('Cadenas introuvable.');
  const locked = await lockedLockoutOrThrow(ctx, found.processId, { partner });
  return { ...locked, cadenas: found };
}

/** Takes one's own padlock off (concurrent removals: the first wins, the others are told it is already off). */
export async function removePadlock(ctx: Pick<Ctx, 'tx' | 'caller'>, body: { id: number; image?: string }): Promise<LockoutProcess> {
  const { tx, caller } = ctx;
  // A contractor's worker takes his own padlock off his client's lockout.
  const { p, rec, cadenas } = await padlockOfLockout(ctx, body.id, true);
  if (cadenas.utilisateurId !== caller.userId)
    throw new AppError(
      'FORBIDDEN',
      "Seul son titulaire retire son cadenas personnel ; en son absence, le chargé de consignation suit la procédure de retrait d'un cadenas d'absent.",
    );
  const at = new Date();
  const done = await removeCadenas(tx, cadenas.id, {
    retraitParId: caller.userId,
    hash: hashOf({ cadenasId: cadenas.id, processId: p.id, utilisateurId: caller.userId, at: at.toISOString() }),
    image: body.image ?? null,
  });
  if (!done) throw new AppError('CONFLICT', 'Ce cadenas est déjà retiré.');
  await journal(tx, p, caller.userId, 'cadenas-retrait', null, { numero: cadenas.numero }, { utilisateurId: cadenas.utilisateurId });
  await announceLockout(tx, p, rec);
  return p;
}

/**
 * Removes an absent worker's padlock: only the chargé de consignation (the signer of the lockout's attestation, or of
 * its mother's), with a motif and a witness who is neither him nor the worker; signed (hash) and journaled.
 */
export async function removeAbsentPadlock(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  body: { id: number; motif: string; temoinId: number; image?: string },
): Promise<LockoutProcess> {
  const { tx, caller } = ctx;
  const { p, rec, cadenas } = await padlockOfLockout(ctx, body.id);
  if (cadenas.retraitAt) throw new AppError('CONFLICT', 'Ce cadenas est déjà retiré.');
  if (cadenas.utilisateurId === caller.userId)
    throw new AppError('CONFLICT', 'Votre propre cadenas se retire normalement, pas par la procédure d’absence.');
  const signers = (await attestationsOf(tx, rec.mereId ? [rec.processId, rec.mereId] : [rec.processId])).map((a) => a.utilisateurId);
  if (!signers.includes(caller.userId))
    throw new AppError(
      'FORBIDDEN',
      "Le retrait du cadenas d'un absent est réservé au chargé de consignation (signataire de l'attestation de consignation).",
    );
  if (body.temoinId === caller.userId || body.temoinId === cadenas.utilisateurId)
    throw new AppError('VALIDATION', "Le témoin est une autre personne que vous et que l'intervenant absent.", [
      { champ: 'temoinId', message: 'autre personne' },
    ]);
  const at = new Date();
  const hash = hashOf({
    cadenasId: cadenas.id,
    processId: p.id,
    absent: cadenas.utilisateurId,
    motif: body.motif,
    temoinId: body.temoinId,
    utilisateurId: caller.userId,
    at: at.toISOString(),
  });
  const done = await removeCadenas(tx, cadenas.id, {
    retraitParId: caller.userId,
    motifAbsence: body.motif,
    temoinId: body.temoinId,
    hash,
    image: body.image ?? null,
  });
  if (!done) throw new AppError('CONFLICT', 'Ce cadenas est déjà retiré.');
  const names = await namesOf(tx, [cadenas.utilisateurId, body.temoinId]);
  await journal(
    tx,
    p,
    caller.userId,
    'cadenas-retrait-absent',
    null,
    { numero: cadenas.numero, utilisateurId: cadenas.utilisateurId },
    { absent: names.get(cadenas.utilisateurId) ?? null, temoin: names.get(body.temoinId) ?? null, motif: body.motif, hash },
  );
  await announceLockout(tx, p, rec);
  return p;
}

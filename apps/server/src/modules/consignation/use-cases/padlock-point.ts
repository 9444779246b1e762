import { AppError, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { journal } from '../../process/index.ts';
import type { LockoutProcess } from '../consignation.repository.ts';
import { pointById, updatePoint } from '../consignation-parts.repository.ts';
import { announceLockout } from './announce-lockout.ts';
import { lockedLockoutOrThrow } from './locked-lockout.ts';

/**
 * Records the padlock of an isolation point (its number, who put it on, when), or its removal once the déconsignation
 * is asked for. A point of the mother is managed on the mother, never from a daughter. Journaled.
 */
export async function padlockPoint(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  body: { id: number; numeroCadenas?: string; retrait: boolean },
): Promise<LockoutProcess> {
  const { tx, caller } = ctx;
  const found = await pointById(tx, body.id);
  if (!found) throw notFound("Point d'isolement introuvable.");
  const { p, rec } = await lockedLockoutOrThrow(ctx, found.processId);
  const point = (await pointById(tx, body.id))!;
  if (point.retraitAt) throw new AppError('CONFLICT', `Point ${point.repere} : cadenas déjà retiré.`);
  const now = new Date();
  if (body.retrait) {
    if (!point.numeroCadenas) throw new AppError('CONFLICT', `Point ${point.repere} : aucun cadenas n'y est posé.`);
    if (!['deconsignation_demandee', 'consignee_etape1'].includes(rec.etat))
      throw new AppError('CONFLICT', "Les cadenas des points se retirent à la déconsignation, une fois qu'elle est demandée.");
    await updatePoint(tx, point.id, { retraitParId: caller.userId, retraitAt: now });
    await journal(tx, p, caller.userId, 'point-cadenas-retrait', null, { numeroCadenas: point.numeroCadenas }, { repere: point.repere });
    await announceLockout(tx, p, rec);
    return p;
  }
  if (!body.numeroCadenas)
    throw new AppError('VALIDATION', 'Indiquez le numéro du cadenas, ou son retrait.', [
      { champ: 'numeroCadenas', message: 'obligatoire' },
    ]);
  if (!['demande', 'preparee', 'consignee_etape1', 'deconsignee_essai'].includes(rec.etat) && point.numeroCadenas)
    throw new AppError('CONFLICT', `Point ${point.repere} : l'ouvrage est consigné, son cadenas ${point.numeroCadenas} ne se change pas.`);
  await updatePoint(tx, point.id, { numeroCadenas: body.numeroCadenas, poseParId: caller.userId, poseAt: now });
  await journal(
    tx,
    p,
    caller.userId,
    'point-cadenas-pose',
    null,
    { numeroCadenas: point.numeroCadenas },
    { repere: point.repere, numeroCadenas: body.numeroCadenas },
  );
  await announceLockout(tx, p, rec);
  return p;
}

import { OPERATION_LABELS, OPERATIONS_PREMIERE_ETAPE, type OperationConsignation } from '@app/contracts';
import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { journal } from '../../process/index.ts';
import type { LockoutProcess } from '../consignation.repository.ts';
import { hashOf, insertOperation, pointsOf } from '../consignation-parts.repository.ts';
import { announceLockout } from './announce-lockout.ts';
import { clientOnly, contractorOn, lockedLockoutOrThrow } from './locked-lockout.ts';
import { operationsState } from './lockout-state.ts';

/**
 * Signs one operation of the consignation (NF C18-510's five, or ED 6109's four for fluids), on the whole lockout or
 * one of its points: before the attestation (the first step's operations before the attestation de première étape,
 * the others after it in two steps), or again for a reconsignation after an essai. One signature per operation and point.
 * A contractor signs only the chargé de travaux's: the second step's operations of a two-step lockout (NF C18-510).
 */
export async function signOperation(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  body: { processId: number; operation: OperationConsignation; pointId?: number; commentaire?: string; image?: string },
): Promise<LockoutProcess> {
  const { tx, caller } = ctx;
  const { p, rec } = await lockedLockoutOrThrow(ctx, body.processId, { partner: true });
  const label = OPERATION_LABELS[body.operation];
  const premiere = OPERATIONS_PREMIERE_ETAPE.includes(body.operation);
  if (contractorOn(caller, p) && (rec.mode !== 'deux_etapes' || premiere))
    throw clientOnly(
      `${label} : opération du chargé de consignation de l’entreprise cliente. Un prestataire signe celles de la deuxième étape (chargé de travaux).`,
    );
  const open =
    rec.mode === 'deux_etapes'
      ? premiere
        ? ['demande', 'preparee', 'deconsignee_essai'].includes(rec.etat)
        : ['consignee_etape1', 'deconsignee_essai'].includes(rec.etat)
      : ['demande', 'preparee', 'deconsignee_essai'].includes(rec.etat);
  if (!open)
    throw new AppError(
      'CONFLICT',
      rec.mode === 'deux_etapes' && !premiere
        ? `${label} : opération de la deuxième étape, après l'attestation de première étape.`
        : `${label} : les opérations se signent avant l'attestation de consignation.`,
    );
  const { requises } = await operationsState(tx, rec);
  if (!requises.includes(body.operation))
    throw new AppError('CONFLICT', `${label} : opération non requise pour les énergies des points de cette consignation.`);
  if (body.pointId !== undefined) {
    const ids = rec.mereId ? [rec.processId, rec.mereId] : [rec.processId];
    if (!(await pointsOf(tx, ids)).some((x) => x.id === body.pointId))
      throw new AppError('VALIDATION', "Point d'isolement inconnu dans cette consignation.", [{ champ: 'pointId', message: 'inconnu' }]);
  }
  const at = new Date();
  const hash = hashOf({
    processId: p.id,
    operation: body.operation,
    pointId: body.pointId ?? null,
    utilisateurId: caller.userId,
    at: at.toISOString(),
  });
  const done = await insertOperation(tx, {
    entrepriseId: p.entrepriseId,
    processId: p.id,
    operation: body.operation,
    pointId: body.pointId ?? null,
    utilisateurId: caller.userId,
    at,
    hash,
    image: body.image ?? null,
    commentaire: body.commentaire ?? null,
  });
  if (!done) throw new AppError('CONFLICT', `${label} : déjà signée${body.pointId ? ' pour ce point' : ''}.`);
  await journal(tx, p, caller.userId, 'operation-consignation', null, null, {
    operation: body.operation,
    pointId: body.pointId ?? null,
    hash,
  });
  await announceLockout(tx, p, rec);
  return p;
}

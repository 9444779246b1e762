import { ETATS_CONSIGNATION } from '@app/contracts';
import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { journal } from '../../process/index.ts';
import type { LockoutProcess } from '../consignation.repository.ts';
import { copyEquipmentPoints, insertPoint } from '../consignation-parts.repository.ts';
import { announceLockout } from './announce-lockout.ts';
import { lockedLockoutOrThrow } from './locked-lockout.ts';
import { equipementIdOf } from './process-hooks.ts';

/** States where a point may still be added: until the déconsignation is asked for. */
const OUVERTS: readonly string[] = ETATS_CONSIGNATION.slice(0, ETATS_CONSIGNATION.indexOf('deconsignation_demandee'));

function assertOpen(etat: string) {
  if (!OUVERTS.includes(etat)) throw new AppError('CONFLICT', "La déconsignation est engagée : on n'ajoute plus de point d'isolement.");
}

/** Adds an isolation point to a lockout (a daughter adds its local isolations; no point is ever removed). Journaled. */
export async function addPoint(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  body: {
    processId: number;
    repere: string;
    energie: string;
    dispositif: string;
    positionRequise: string;
    moyenCondamnation?: string | null;
    methodeVerification?: string | null;
    numeroCadenas?: string | null;
  },
): Promise<LockoutProcess> {
  const { tx, caller } = ctx;
  const { p, rec } = await lockedLockoutOrThrow(ctx, body.processId);
  assertOpen(rec.etat);
  const now = new Date();
  const point = await insertPoint(tx, {
    entrepriseId: p.entrepriseId,
    processId: p.id,
    repere: body.repere,
    energie: body.energie,
    dispositif: body.dispositif,
    positionRequise: body.positionRequise,
    moyenCondamnation: body.moyenCondamnation ?? null,
    methodeVerification: body.methodeVerification ?? null,
    numeroCadenas: body.numeroCadenas ?? null,
    ...(body.numeroCadenas ? { poseParId: caller.userId, poseAt: now } : {}),
  });
  await journal(tx, p, caller.userId, 'point-isolement', null, null, {
    id: point.id,
    repere: point.repere,
    numeroCadenas: point.numeroCadenas,
  });
  await announceLockout(tx, p, rec);
  return p;
}

/** Copies the isolation points of the lockout's equipment (those already copied stay). */
export async function copyPoints(ctx: Pick<Ctx, 'tx' | 'caller'>, processId: number): Promise<LockoutProcess> {
  const { p, rec } = await lockedLockoutOrThrow(ctx, processId);
  assertOpen(rec.etat);
  const eq = equipementIdOf(p);
  if (!eq) throw new AppError('CONFLICT', "Cette consignation ne nomme pas d'équipement du registre : ajoutez ses points un à un.");
  const n = await copyEquipmentPoints(ctx.tx, p.entrepriseId, p.id, eq);
  if (n) {
    await journal(ctx.tx, p, ctx.caller.userId, 'points-isolement', null, null, { equipementId: eq, ajoutes: n });
    await announceLockout(ctx.tx, p, rec);
  }
  return p;
}

import type { EtatConsignation, TypeAttestation } from '@app/contracts';
import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import type { ConsignationRow, LockoutProcess } from '../consignation.repository.ts';
import { type PointRow, pointsOf } from '../consignation-parts.repository.ts';
import { announceLockout } from './announce-lockout.ts';
import { recordAttestation } from './documents.ts';
import { lockedLockoutOrThrow } from './locked-lockout.ts';
import { assertTransition, moveLockout } from './lockout-state.ts';

/** Why an attestation waits for the condamnation: the lockout's own points without a padlock number, or null. */
export function unpadlockedReason(points: readonly Pick<PointRow, 'numeroCadenas' | 'retraitAt' | 'repere'>[]): string | null {
  const sans = points.filter((x) => !x.numeroCadenas && !x.retraitAt);
  return sans.length
    ? `Points d'isolement sans numéro de cadenas : ${sans.map((x) => x.repere).join(', ')}. Notez le cadenas de chaque point avant l'attestation.`
    : null;
}

/** Every isolation point of the lockout carries its padlock number before an attestation (the condamnation). */
export async function assertPointsPadlocked(tx: Ctx['tx'], rec: ConsignationRow): Promise<void> {
  const raison = unpadlockedReason(await pointsOf(tx, [rec.processId]));
  if (raison) throw new AppError('CONFLICT', raison);
}

/** The state an attestation brings the lockout to. */
export const etatOfAttestation = (type: TypeAttestation): EtatConsignation =>
  type === 'premiere_etape' ? 'consignee_etape1' : 'consignee';

/**
 * Signs the attestation (de première étape, or de consignation): checked against the state machine (mode, operations
 * signed, a daughter's mother consigned), every point padlocked, numbered under the company counter's lock, dated
 * and timed, then the lockout moves (consignée en 1re étape, or consignée).
 */
export async function signAttestation(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  body: { processId: number; type: TypeAttestation; image?: string },
): Promise<LockoutProcess> {
  const { p, rec } = await lockedLockoutOrThrow(ctx, body.processId);
  const to = etatOfAttestation(body.type);
  if (rec.etat === to) throw new AppError('CONFLICT', 'Cette attestation est déjà signée pour l’état actuel de la consignation.');
  await assertTransition(ctx.tx, p, rec, to, { attestation: body.type });
  await assertPointsPadlocked(ctx.tx, rec);
  await recordAttestation(ctx.tx, ctx.caller, p, body.type, body.image ?? null);
  await moveLockout(ctx.tx, ctx.caller, p, rec, to, { source: 'attestation', extra: { attestation: body.type } });
  await announceLockout(ctx.tx, p, rec);
  return p;
}

import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import type { LockoutProcess } from '../consignation.repository.ts';
import { announceLockout } from './announce-lockout.ts';
import { recordAvis } from './documents.ts';
import { lockedLockoutOrThrow } from './locked-lockout.ts';

const AU_TRAVAIL = ['consignee', 'travaux_autorises', 'en_cours', 'interrompue', 'suspendue_securite'];

/**
 * Signs a team's avis de fin de travail: only while the ouvrage is consigned for work (it then may be released). A
 * contractor's chargé de travaux signs his team's on his client's lockout.
 */
export async function signAvis(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  body: { processId: number; equipe: string; image?: string },
): Promise<LockoutProcess> {
  const { p, rec } = await lockedLockoutOrThrow(ctx, body.processId, { partner: true });
  if (!AU_TRAVAIL.includes(rec.etat))
    throw new AppError('CONFLICT', 'Un avis de fin de travail se signe pendant les travaux, sur un ouvrage consigné.');
  await recordAvis(ctx.tx, ctx.caller, p, body.equipe, body.image ?? null);
  await announceLockout(ctx.tx, p, rec);
  return p;
}

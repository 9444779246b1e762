import { type EtatConsignation, type ModeConsignation, refusSansAttestation } from '@app/contracts';
import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { journal } from '../../process/index.ts';
import { type LockoutProcess, updateRecord } from '../consignation.repository.ts';
import { announceLockout } from './announce-lockout.ts';
import { lockedLockoutOrThrow } from './locked-lockout.ts';
import { moveLockout } from './lockout-state.ts';

/**
 * Moves a lockout to a state through the machine (the consigned states only by an attestation): refused with its
 * reason (409), else written, journaled with the motif, the process's register code updated.
 */
export async function changeLockoutState(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  body: { processId: number; etat: EtatConsignation; motif?: string },
): Promise<LockoutProcess> {
  const { p, rec } = await lockedLockoutOrThrow(ctx, body.processId, { daughters: body.etat === 'deconsignee_essai' });
  if (rec.etat === body.etat) throw new AppError('CONFLICT', 'La consignation est déjà dans cet état.');
  const refus = refusSansAttestation(body.etat);
  if (refus) throw new AppError('CONFLICT', refus);
  await moveLockout(ctx.tx, ctx.caller, p, rec, body.etat, { source: 'registre', motif: body.motif });
  await announceLockout(ctx.tx, p, rec);
  return p;
}

/** Sets one-step or two-step mode, while nothing is consigned yet. */
export async function setLockoutMode(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  body: { processId: number; mode: ModeConsignation },
): Promise<LockoutProcess> {
  const { p, rec } = await lockedLockoutOrThrow(ctx, body.processId);
  if (rec.mode === body.mode) return p;
  if (!['demande', 'preparee'].includes(rec.etat))
    throw new AppError('CONFLICT', 'Le mode de consignation ne change plus une fois la consignation engagée.');
  await updateRecord(ctx.tx, p.id, { mode: body.mode });
  await journal(ctx.tx, p, ctx.caller.userId, 'consignation-mode', null, { mode: rec.mode }, { mode: body.mode });
  await announceLockout(ctx.tx, p, rec);
  return p;
}

import { estConsignation } from '@app/contracts';
import { AppError, assertCan, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { type ConsignationRow, type LockoutProcess, lockProcessRow, processRow } from '../consignation.repository.ts';
import { lockForChange } from './lockout-state.ts';

/** The caller's scope: its company, or (a contractor) any process its policies show (migration 0015). */
export const scopeOf = (caller: Ctx['caller']) => (caller.partner ? null : caller.entrepriseId);

/** Whether the caller is a contractor acting on its client's lockout (migration 0027: what its people do on site). */
export const contractorOn = (caller: Ctx['caller'], p: { entrepriseId: number }) =>
  caller.partner && p.entrepriseId !== caller.entrepriseId;

/** The refusal of an act that is the client's (its chargé de consignation, its settings) to a contractor. */
export const clientOnly = (message = 'Seule l’entreprise cliente peut faire cela sur cette consignation.') =>
  new AppError('FORBIDDEN', message);

/**
 * The lockout a write acts on, locked in the module's order (process row, daughters' rows when asked, mother's record,
 * its own): 404 when the caller cannot see it, 403 without the right to update it (or a contractor, unless `partner`),
 * 409 when it is not a lockout.
 */
export async function lockedLockoutOrThrow(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  processId: number,
  o: { daughters?: boolean; partner?: boolean } = {},
): Promise<{ p: LockoutProcess; rec: ConsignationRow }> {
  const p = await lockProcessRow(ctx.tx, scopeOf(ctx.caller), processId);
  if (!p) throw notFound('Processus introuvable.');
  assertCan(ctx.caller.ability, 'update', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
  // A contractor acts on its client's lockout only where it is asked to (its people's padlocks, its team's avis, the
  // chargé de travaux's operations: docs/DECISIONS.md « Ticket 15 — prestataires sur les consignations et les permis »).
  if (p.entrepriseId !== ctx.caller.entrepriseId && !o.partner) throw clientOnly();
  if (!estConsignation(p)) throw new AppError('CONFLICT', 'Ce processus n’est pas une consignation.');
  if (p.etat !== 'en_cours') throw new AppError('CONFLICT', 'Ce processus est terminé ou inactif : sa consignation ne change plus.');
  return { p, rec: await lockForChange(ctx.tx, p, o) };
}

/** The lockout a read shows (not locked). */
export async function lockoutProcessOrThrow(ctx: Pick<Ctx, 'tx' | 'caller'>, processId: number): Promise<LockoutProcess> {
  const p = await processRow(ctx.tx, scopeOf(ctx.caller), processId);
  if (!p) throw notFound('Processus introuvable.');
  if (!estConsignation(p)) throw new AppError('CONFLICT', 'Ce processus n’est pas une consignation.');
  return p;
}

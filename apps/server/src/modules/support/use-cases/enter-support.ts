import type { SupportMode } from '@app/contracts';
import { asSystem } from '../../../platform/db/tenant.ts';
import { AppError, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import {
  closeSupportAccess,
  companyNameOf,
  insertSupportAccess,
  lockSessionSupport,
  openSupportAccess,
  personLabelOf,
  setSessionSupport,
} from '../support.repository.ts';

const NOT_FOUND = 'Entreprise introuvable.';

/**
 * A super admin enters a client company (support mode): the session's former support row, if any, is closed
 * (« changement »), a journal row is written in the client's scope, and the session points at it, so that every
 * later request of the session runs in the client's scope (app_session_row, migrations 0014, 0030). Entering the company
 * the session is already in changes nothing (same row, same time). Not his own company (400), an existing one
 * (404); a locked company may be entered: support is often what it needs.
 */
export async function enterSupport(ctx: Ctx, entrepriseId: number): Promise<SupportMode> {
  const { tx, caller } = ctx;
  if (!caller.isSuperAdmin) throw new AppError('FORBIDDEN');
  const home = caller.support?.homeEntrepriseId ?? caller.entrepriseId;
  if (entrepriseId === home) {
    throw new AppError('VALIDATION', 'Vous êtes déjà dans votre propre entreprise : choisissez une entreprise cliente.', [
      { champ: 'entrepriseId', message: 'Votre propre entreprise ne peut pas être choisie.' },
    ]);
  }
  const current = await lockSessionSupport(tx, caller.sessionId);
  if (!current) throw new AppError('UNAUTHENTICATED');
  // The rows below may belong to any company (the session's former support company, the super admin's own): read
  // and closed through the system path, each for the reason written.
  const label = await asSystem(tx, 'support mode: the super admin is named in the journal from his own row', () =>
    personLabelOf(tx, caller.userId),
  );
  if (current.supportAccessId !== null) {
    const open = await asSystem(tx, 'support mode: the session’s current support row, of whichever company', () =>
      openSupportAccess(tx, current.supportAccessId as number),
    );
    if (open && open.entrepriseId === entrepriseId) {
      const name = await asSystem(tx, 'support mode: the name of the company entered', () => companyNameOf(tx, entrepriseId));
      return { entrepriseId, companyName: name ?? '', homeEntrepriseId: home, since: new Date(open.enteredAt).toISOString() };
    }
    if (open) {
      await asSystem(tx, 'support mode: closing the session’s former support row (another company)', () =>
        closeSupportAccess(tx, open.id, 'changement'),
      );
    }
  }
  // From here on the request acts in the client's scope: its row must be visible there (else it does not exist).
  await ctx.useCompany(entrepriseId);
  const name = await companyNameOf(tx, entrepriseId);
  if (name === null) throw notFound(NOT_FOUND);
  const row = await insertSupportAccess(tx, {
    entrepriseId,
    utilisateurId: caller.userId,
    utilisateurLibelle: label ?? `#${caller.userId}`,
  });
  await setSessionSupport(tx, caller.sessionId, row.id);
  return { entrepriseId, companyName: name, homeEntrepriseId: home, since: new Date(row.enteredAt).toISOString() };
}

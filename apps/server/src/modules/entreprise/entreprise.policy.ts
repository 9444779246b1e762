import { instance } from '@app/contracts';
import type { Caller } from '../../platform/auth/caller.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';

/** Why a super admin's company management reads and writes across companies (asSystem). */
export const SUPER_ADMIN_SCOPE = 'super admin managing companies';

/**
 * A company the caller may update: their own (403 without the right) or, for a super admin, any; another company is
 * a 404 so its existence does not leak. Software, type and clients are a super admin's only.
 */
export function assertCanUpdateEntreprise(caller: Caller, body: { id: number; eu?: unknown; logiciels?: unknown; clients?: unknown }) {
  if (!caller.ability.can('update', instance('Entreprise', { id: body.id }))) {
    throw caller.entrepriseId === body.id ? new AppError('FORBIDDEN') : notFound('Entreprise introuvable.');
  }
  const superAdminOnly = body.eu !== undefined || body.logiciels !== undefined || body.clients !== undefined;
  if (superAdminOnly && !caller.isSuperAdmin) {
    throw new AppError('FORBIDDEN', 'Seul un super admin modifie les logiciels, le type et les clients d’une entreprise.');
  }
}

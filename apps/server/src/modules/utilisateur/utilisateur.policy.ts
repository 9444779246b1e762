import type { Caller } from '../../platform/auth/caller.ts';
import type { Tx } from '../../platform/db/engine.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Ctx } from '../../platform/http/route.ts';
import { entrepriseOfUser, findUser, partnerIds, visibleEntreprise } from './utilisateur.repository.ts';

/** Scopes reads to a company: one's own, any for a super admin, a partner's (read-only, via RLS), else 404. */
export async function assertReadableEntreprise(ctx: Ctx, id: number): Promise<void> {
  if (id === ctx.caller.entrepriseId) return;
  if (ctx.caller.isSuperAdmin) return ctx.useCompany(id);
  if (!(await visibleEntreprise(ctx.tx, id))) throw notFound('Entreprise introuvable.');
}

/** The companies whose people a list may show: the caller's and its partners' (any for a super admin), else 404. */
export async function readableEntreprisesOrThrow(tx: Tx, caller: Caller, requested: number[] | undefined): Promise<number[]> {
  const allowed = [caller.entrepriseId, ...(await partnerIds(tx, caller.entrepriseId))];
  const ids = requested?.length ? requested : allowed;
  if (!caller.isSuperAdmin && ids.some((id) => !allowed.includes(id))) throw notFound('Entreprise introuvable.');
  return ids;
}

/** A person the caller may change: of the caller's company (any company for a super admin), else 404. */
export async function ownUserOrThrow(tx: Tx, caller: Caller, id: number) {
  const u = await findUser(tx, id);
  if (!u || (u.entrepriseId !== caller.entrepriseId && !caller.isSuperAdmin)) throw notFound('Utilisateur introuvable.');
  return u;
}

/** A person of the caller's company only (partners' people are not), else 404. */
export async function userOfCallerOrThrow(tx: Tx, caller: Caller, id: number) {
  const u = await findUser(tx, id);
  if (!u || u.entrepriseId !== caller.entrepriseId) throw notFound('Utilisateur introuvable.');
  return u;
}

/** A super admin acting on a person works in that person's company. */
export async function useCompanyOfUser(ctx: Ctx, id: number): Promise<void> {
  if (!ctx.caller.isSuperAdmin) return;
  const entrepriseId = await entrepriseOfUser(ctx.tx, id);
  if (entrepriseId !== null) await ctx.useCompany(entrepriseId);
}

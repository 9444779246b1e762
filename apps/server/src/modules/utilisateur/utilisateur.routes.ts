import { API, abilitiesOn, type Utilisateur } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Caller } from '../../platform/auth/caller.ts';
import { AppError, foundOrThrow, notFound } from '../../platform/http/errors.ts';
import { type Ctx, type RouteDef, route } from '../../platform/http/route.ts';
import { keepingAPermissionManager } from '../permission/index.ts';
import { createUser, updateUserUseCase } from './use-cases/save-user.ts';
import {
  deleteSessionsOfUser,
  deleteUser,
  findUser,
  findUsers,
  habilitationsOf,
  messagesOf,
  pageUsers,
  partnerIds,
  profilById,
  type UserListQuery,
  updateUser,
  visibleEntreprise,
} from './utilisateur.repository.ts';
import { utilisateur } from './utilisateur.tables.ts';

const U = API.utilisateur;

/** Each returned person says what the caller may do with them. */
const withAbilities =
  (ctx: { caller: Caller }) =>
  (u: Utilisateur): Utilisateur => ({ ...u, abilities: abilitiesOn(ctx.caller.ability, 'Utilisateur', u) });
const all = async (ctx: { caller: Caller }, rows: Promise<Utilisateur[]> | Utilisateur[]) => (await rows).map(withAbilities(ctx));

/** Scopes reads to a company: one's own, any for a super admin, a partner's (read-only, via RLS), else 404. */
async function readableCompany(ctx: Ctx, id: number): Promise<void> {
  if (id === ctx.caller.entrepriseId) return;
  if (ctx.caller.isSuperAdmin) return ctx.useCompany(id);
  if (!(await visibleEntreprise(ctx.tx, id))) throw notFound('Entreprise introuvable.');
}

/** A user the caller may change: in the caller's company (any company for a super admin). */
async function ownUserOrThrow(ctx: Ctx, id: number) {
  const u = await findUser(ctx.tx, id);
  if (!u || (u.entrepriseId !== ctx.caller.entrepriseId && !ctx.caller.isSuperAdmin)) throw notFound('Utilisateur introuvable.');
  return u;
}

const name = (u: { id: number; nom: string; prenom: string }) => ({
  id: u.id,
  nom: u.nom,
  prenom: u.prenom,
  fullName: `${u.prenom} ${u.nom}`,
});

async function setEnable(ctx: Ctx, userId: number, enable: boolean) {
  if (userId === ctx.caller.userId && !enable) throw new AppError('CONFLICT', 'Vous ne pouvez pas vous désactiver vous-même.');
  const u = await ownUserOrThrow(ctx, userId);
  const write = () => updateUser(ctx.tx, userId, u.entrepriseId, { enable });
  // Disabling may remove the company's last person able to manage permissions.
  await (enable ? write() : keepingAPermissionManager(ctx.tx, u.entrepriseId, write));
  if (!enable) await deleteSessionsOfUser(ctx.tx, userId);
  return foundOrThrow(await findUser(ctx.tx, userId));
}

function ofCaller(caller: Caller) {
  return eq(utilisateur.entrepriseId, caller.entrepriseId);
}

async function superAdminScope(ctx: Ctx, id: number) {
  const { tx } = ctx;
  if (ctx.caller.isSuperAdmin) {
    const [row] = await tx.select({ e: utilisateur.entrepriseId }).from(utilisateur).where(eq(utilisateur.id, id));
    if (row) await ctx.useCompany(row.e);
  }
}

export const utilisateurRoutes: RouteDef[] = [
  route(U.getByCompany, async (ctx, { query }) => {
    const page = await pageUsers(ctx.tx, ctx.caller.entrepriseId, query as UserListQuery);
    return { ...page, items: await all(ctx, page.items) };
  }),

  route(U.get, async (ctx, { params }) => withAbilities(ctx)(foundOrThrow(await findUser(ctx.tx, params.id), 'Utilisateur introuvable.'))),

  route(U.listOfEntreprise, async (ctx, { params }) => {
    await readableCompany(ctx, params.id);
    return all(ctx, findUsers(ctx.tx, eq(utilisateur.entrepriseId, params.id)));
  }),

  route(U.listOfEntreprisePost, async (ctx, { body }) => {
    await readableCompany(ctx, body.entreprise_id);
    return all(ctx, findUsers(ctx.tx, eq(utilisateur.entrepriseId, body.entreprise_id)));
  }),

  route(U.listLight, async (ctx, { params }) => {
    await readableCompany(ctx, params.id);
    return (await findUsers(ctx.tx, and(eq(utilisateur.entrepriseId, params.id), eq(utilisateur.enable, true)))).map(name);
  }),

  route(U.listByIds, async (ctx, { body }) =>
    all(ctx, body.user_ids.length ? findUsers(ctx.tx, inArray(utilisateur.id, body.user_ids)) : []),
  ),

  route(U.listOfService, async (ctx, { params }) =>
    all(ctx, findUsers(ctx.tx, and(ofCaller(ctx.caller), eq(utilisateur.serviceModeleId, params.id)))),
  ),

  route(U.listEe, async (ctx) => {
    const ids = await partnerIds(ctx.tx, ctx.caller.entrepriseId);
    return all(ctx, ids.length ? findUsers(ctx.tx, inArray(utilisateur.entrepriseId, ids)) : []);
  }),

  route(U.listOfEntreprises, async (ctx, { body }) => {
    const { tx, caller } = ctx;
    const partners = await partnerIds(tx, caller.entrepriseId);
    const allowed = [caller.entrepriseId, ...partners];
    const ids = body.entreprise_ids?.length ? body.entreprise_ids : allowed;
    if (!caller.isSuperAdmin && ids.some((id) => !allowed.includes(id))) throw notFound('Entreprise introuvable.');
    return all(ctx, findUsers(tx, inArray(utilisateur.entrepriseId, ids)));
  }),

  route(U.userName, async ({ tx }, { params }) => name(foundOrThrow(await findUser(tx, params.id), 'Utilisateur introuvable.'))),

  route(U.userProfil, async ({ tx }, { params }) => {
    const u = foundOrThrow(await findUser(tx, params.id), 'Utilisateur introuvable.');
    const p = u.profilId ? await profilById(tx, u.profilId) : null;
    return p ? { ...p, code: p.code as never, type: p.type as 'client' | 'supplier' } : null;
  }),

  route(U.create, async (ctx, { body }) => withAbilities(ctx)(await createUser(ctx.tx, ctx.deps, ctx.caller, ctx.useCompany, body))),

  route(U.update, async (ctx, { body }) => {
    await superAdminScope(ctx, body.id);
    return withAbilities(ctx)(await updateUserUseCase(ctx.tx, ctx.caller, body));
  }),

  route(U.activate, async (ctx, { params }) => {
    await superAdminScope(ctx, params.userId);
    return withAbilities(ctx)(await setEnable(ctx, params.userId, true));
  }),

  route(U.deactivate, async (ctx, { params }) => {
    await superAdminScope(ctx, params.userId);
    return withAbilities(ctx)(await setEnable(ctx, params.userId, false));
  }),

  route(U.deleteComplete, async (ctx, { body }) => {
    if (body.user_id === ctx.caller.userId) throw new AppError('CONFLICT', 'Vous ne pouvez pas supprimer votre propre compte.');
    await superAdminScope(ctx, body.user_id);
    const u = await ownUserOrThrow(ctx, body.user_id);
    await keepingAPermissionManager(ctx.tx, u.entrepriseId, () => deleteUser(ctx.tx, u.id, u.entrepriseId));
    return { message: 'Utilisateur supprimé avec succès.', id: u.id };
  }),

  route(U.habilitationsOfEntreprise, async (ctx, { params }) => {
    if (params.id !== ctx.caller.entrepriseId) {
      if (!ctx.caller.isSuperAdmin) throw notFound('Entreprise introuvable.');
      await ctx.useCompany(params.id);
    }
    return habilitationsOf(ctx.tx, params.id);
  }),

  route(U.habilitationsOfMyEntreprise, async ({ tx, caller }) => habilitationsOf(tx, caller.entrepriseId)),

  route(U.messagesOfUser, async (ctx, { params }) => {
    const u = await findUser(ctx.tx, params.userId);
    if (!u || u.entrepriseId !== ctx.caller.entrepriseId) throw notFound('Utilisateur introuvable.');
    return messagesOf(ctx.tx, params.userId);
  }),

  route(U.myMessages, async ({ tx, caller }) => messagesOf(tx, caller.userId)),
];

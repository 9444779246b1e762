import { API } from '@app/contracts';
import { foundOrThrow } from '../../platform/http/errors.ts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { getProfil } from '../profil/index.ts';
import { deleteUserCompletely } from './use-cases/delete-user-completely.ts';
import { disableUser } from './use-cases/disable-user.ts';
import { enableUser } from './use-cases/enable-user.ts';
import { createUser, updateUserUseCase } from './use-cases/save-user.ts';
import { assertReadableEntreprise, readableEntreprisesOrThrow, useCompanyOfUser, userOfCallerOrThrow } from './utilisateur.policy.ts';
import { presentName, presentUsers, withAbilities } from './utilisateur.presenter.ts';
import {
  findUser,
  findUsersByIds,
  findUsersOfEntreprise,
  findUsersOfEntreprises,
  findUsersOfService,
  messagesOf,
  pageUsers,
  partnerIds,
  type UserListQuery,
} from './utilisateur.repository.ts';

const U = API.utilisateur;

export const utilisateurRoutes: RouteDef[] = [
  route(U.getByCompany, async ({ tx, caller }, { query }) => {
    const page = await pageUsers(tx, caller.entrepriseId, query as UserListQuery);
    return { ...page, items: presentUsers(caller, page.items) };
  }),

  route(U.get, async ({ tx, caller }, { params }) =>
    withAbilities(caller)(foundOrThrow(await findUser(tx, params.id), 'Utilisateur introuvable.')),
  ),

  route(U.listOfEntreprise, async (ctx, { params }) => {
    await assertReadableEntreprise(ctx, params.id);
    return presentUsers(ctx.caller, await findUsersOfEntreprise(ctx.tx, params.id));
  }),

  route(U.listOfEntreprisePost, async (ctx, { body }) => {
    await assertReadableEntreprise(ctx, body.entreprise_id);
    return presentUsers(ctx.caller, await findUsersOfEntreprise(ctx.tx, body.entreprise_id));
  }),

  route(U.listLight, async (ctx, { params }) => {
    await assertReadableEntreprise(ctx, params.id);
    return (await findUsersOfEntreprise(ctx.tx, params.id, true)).map(presentName);
  }),

  route(U.listByIds, async ({ tx, caller }, { body }) => presentUsers(caller, await findUsersByIds(tx, body.user_ids))),

  route(U.listOfService, async ({ tx, caller }, { params }) =>
    presentUsers(caller, await findUsersOfService(tx, caller.entrepriseId, params.id)),
  ),

  route(U.listEe, async ({ tx, caller }) =>
    presentUsers(caller, await findUsersOfEntreprises(tx, await partnerIds(tx, caller.entrepriseId))),
  ),

  route(U.listOfEntreprises, async ({ tx, caller }, { body }) =>
    presentUsers(caller, await findUsersOfEntreprises(tx, await readableEntreprisesOrThrow(tx, caller, body.entreprise_ids))),
  ),

  route(U.userName, async ({ tx }, { params }) => presentName(foundOrThrow(await findUser(tx, params.id), 'Utilisateur introuvable.'))),

  route(U.userProfil, async ({ tx }, { params }) => {
    const u = foundOrThrow(await findUser(tx, params.id), 'Utilisateur introuvable.');
    const p = u.profilId ? await getProfil(tx, u.profilId) : null;
    return p ? { ...p, code: p.code as never, type: p.type as 'client' | 'supplier' } : null;
  }),

  route(U.create, async ({ tx, deps, caller, useCompany }, { body }) =>
    withAbilities(caller)(await createUser(tx, deps, caller, useCompany, body)),
  ),

  route(U.update, async (ctx, { body }) => {
    await useCompanyOfUser(ctx, body.id);
    return withAbilities(ctx.caller)(await updateUserUseCase(ctx.tx, ctx.caller, body));
  }),

  route(U.activate, async (ctx, { params }) => {
    await useCompanyOfUser(ctx, params.userId);
    return withAbilities(ctx.caller)(await enableUser(ctx.tx, ctx.caller, params.userId));
  }),

  route(U.deactivate, async (ctx, { params }) => {
    await useCompanyOfUser(ctx, params.userId);
    return withAbilities(ctx.caller)(await disableUser(ctx.tx, ctx.caller, params.userId));
  }),

  route(U.deleteComplete, async (ctx, { body }) => {
    await useCompanyOfUser(ctx, body.user_id);
    return deleteUserCompletely(ctx.tx, ctx.caller, body.user_id);
  }),

  route(U.messagesOfUser, async ({ tx, caller }, { params }) => {
    await userOfCallerOrThrow(tx, caller, params.userId);
    return messagesOf(tx, params.userId);
  }),

  route(U.myMessages, async ({ tx, caller }) => messagesOf(tx, caller.userId)),
];

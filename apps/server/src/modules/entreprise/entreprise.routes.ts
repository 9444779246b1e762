import { API, abilitiesOn, instance } from '@app/contracts';
import { asSystem } from '../../platform/db/tenant.ts';
import { AppError, foundOrThrow, notFound } from '../../platform/http/errors.ts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { consumeOneTimeCode, sendOneTimeCode } from '../auth/index.ts';
import { seedCompanyMenu } from '../permission/index.ts';
import {
  arrangeEntreprises,
  DEFAULT_SETTING,
  deleteEntrepriseRow,
  deleteSessionsOfEntreprise,
  existingIds,
  insertEntreprise,
  listEntreprises,
  logicielExists,
  processModeleIdsOf,
  processModelesOf,
  replaceClients,
  replaceProcessModeles,
  updateEntrepriseRow,
  upsertLogiciels,
} from './entreprise.repository.ts';

const E = API.entreprise;
const SUPER = 'super admin managing companies';

async function one(tx: Parameters<typeof listEntreprises>[0], id: number) {
  return foundOrThrow((await listEntreprises(tx, [id]))[0], 'Entreprise introuvable.');
}

export const entrepriseRoutes: RouteDef[] = [
  route(E.list, async ({ tx, caller }) => {
    const rows = caller.isSuperAdmin ? await asSystem(tx, SUPER, () => listEntreprises(tx)) : await listEntreprises(tx);
    return rows.map((e) => ({ ...e, abilities: abilitiesOn(caller.ability, 'Entreprise', e) }));
  }),

  route(E.create, async ({ tx }, { body }) =>
    asSystem(tx, SUPER, async () => {
      const clientIds = body.clients.map((c) => c.entrepriseId);
      if ((await existingIds(tx, clientIds)).length !== new Set(clientIds).size) throw notFound('Entreprise cliente introuvable.');
      const id = await insertEntreprise(tx, {
        nom: body.nom,
        eu: body.eu,
        authTypes: body.authTypes,
        setting: { ...DEFAULT_SETTING, ...body.setting },
      });
      await upsertLogiciels(tx, id, body.logiciels);
      if (body.eu) await replaceClients(tx, id, body.clients);
      await seedCompanyMenu(tx, id);
      return one(tx, id);
    }),
  ),

  route(E.update, async ({ tx, caller }, { body }) => {
    if (!caller.ability.can('update', instance('Entreprise', { id: body.id }))) {
      throw caller.entrepriseId === body.id ? new AppError('FORBIDDEN') : notFound('Entreprise introuvable.');
    }
    const superAdminOnly = body.eu !== undefined || body.logiciels !== undefined || body.clients !== undefined;
    if (superAdminOnly && !caller.isSuperAdmin) {
      throw new AppError('FORBIDDEN', 'Seul un super admin modifie les logiciels, le type et les clients d’une entreprise.');
    }
    const run = async () => {
      const current = await one(tx, body.id);
      await updateEntrepriseRow(tx, body.id, {
        ...(body.nom !== undefined ? { nom: body.nom } : {}),
        ...(body.eu !== undefined ? { eu: body.eu } : {}),
        ...(body.setting ? { setting: { ...current.setting, ...body.setting } } : {}),
      });
      if (body.logiciels) await upsertLogiciels(tx, body.id, body.logiciels);
      if (body.clients) {
        const ids = body.clients.map((c) => c.entrepriseId);
        if ((await existingIds(tx, ids)).length !== new Set(ids).size) throw notFound('Entreprise cliente introuvable.');
        await replaceClients(tx, body.id, body.clients);
      }
      return one(tx, body.id);
    };
    return caller.isSuperAdmin ? asSystem(tx, SUPER, run) : run();
  }),

  route(E.delete, async ({ tx, caller }, { params }) => {
    if (params.id === caller.entrepriseId) throw new AppError('CONFLICT', 'Vous ne pouvez pas supprimer votre propre entreprise.');
    return asSystem(tx, SUPER, async () => {
      if (!(await deleteEntrepriseRow(tx, params.id))) throw notFound('Entreprise introuvable.');
      return { message: 'Entreprise supprimée avec succès.', id: params.id };
    });
  }),

  route(E.arrange, async ({ tx }, { body }) =>
    asSystem(tx, SUPER, async () => {
      const ids = [...new Set(body.ids)];
      if ((await existingIds(tx, ids)).length !== ids.length) throw notFound('Entreprise introuvable.');
      await arrangeEntreprises(tx, ids);
      return { message: 'Ordre enregistré avec succès.' };
    }),
  ),

  route(E.updateAuthenticator, async ({ tx }, { body }) =>
    asSystem(tx, SUPER, async () => {
      if (!(await updateEntrepriseRow(tx, body.id, { authTypes: [...new Set(body.authTypes)] }))) throw notFound('Entreprise introuvable.');
      return one(tx, body.id);
    }),
  ),

  route(E.otpMaster, async ({ tx, caller, deps }) => {
    const r = await sendOneTimeCode(tx, deps.mailer, caller, 'master');
    return { message: 'Un code à usage unique vous a été envoyé par e-mail.', expiresAt: r.expiresAt.toISOString() };
  }),

  route(E.lockUnlock, async ({ tx, caller }, { params, body }) => {
    if (params.id === caller.entrepriseId && body.locked) {
      throw new AppError('CONFLICT', 'Vous ne pouvez pas verrouiller votre propre entreprise.');
    }
    if (!body.code) throw new AppError('VALIDATION', 'Le code à usage unique est obligatoire : demandez-le d’abord.');
    await consumeOneTimeCode(tx, caller, 'master', body.code);
    return asSystem(tx, SUPER, async () => {
      if (!(await updateEntrepriseRow(tx, params.id, { locked: body.locked }))) throw notFound('Entreprise introuvable.');
      // Locking signs everyone of the company out at once.
      if (body.locked) await deleteSessionsOfEntreprise(tx, params.id);
      return one(tx, params.id);
    });
  }),

  route(E.getProcessModeles, async ({ tx, useCompany }, { params }) => {
    await useCompany(params.entrepriseId);
    if (!(await logicielExists(tx, params.logicielId))) throw notFound('Logiciel introuvable.');
    return processModelesOf(tx, params.entrepriseId, params.logicielId);
  }),

  route(E.setProcessModeles, async ({ tx, useCompany }, { body }) => {
    await useCompany(body.entrepriseId);
    if (!(await logicielExists(tx, body.logicielId))) throw notFound('Logiciel introuvable.');
    const ids = [...new Set(body.processModeleIds)];
    if ((await processModeleIdsOf(tx, body.entrepriseId, ids)).length !== ids.length) throw notFound('Workflow introuvable.');
    await replaceProcessModeles(tx, body.entrepriseId, body.logicielId, ids);
    return processModelesOf(tx, body.entrepriseId, body.logicielId);
  }),
];

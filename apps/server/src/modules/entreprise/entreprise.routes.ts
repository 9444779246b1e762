import { API, abilitiesOn } from '@app/contracts';
import { asSystem } from '../../platform/db/tenant.ts';
import { notFound } from '../../platform/http/errors.ts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { sendOneTimeCode } from '../auth/index.ts';
import { SUPER_ADMIN_SCOPE } from './entreprise.policy.ts';
import { listEntreprises, logicielExists, processModelesOf } from './entreprise.repository.ts';
import { arrangeEntreprises } from './use-cases/arrange-entreprises.ts';
import { createEntreprise } from './use-cases/create-entreprise.ts';
import { deleteEntreprise } from './use-cases/delete-entreprise.ts';
import { lockEntreprise } from './use-cases/lock-entreprise.ts';
import { setProcessModeles } from './use-cases/set-process-modeles.ts';
import { updateAuthenticator } from './use-cases/update-authenticator.ts';
import { updateEntreprise } from './use-cases/update-entreprise.ts';

const E = API.entreprise;

export const entrepriseRoutes: RouteDef[] = [
  // A super admin sees every company; anyone else their own and those related to it (RLS).
  route(E.list, async ({ tx, caller }) => {
    const rows = caller.isSuperAdmin ? await asSystem(tx, SUPER_ADMIN_SCOPE, () => listEntreprises(tx)) : await listEntreprises(tx);
    return rows.map((e) => ({ ...e, abilities: abilitiesOn(caller.ability, 'Entreprise', e) }));
  }),

  route(E.create, async ({ tx }, { body }) => createEntreprise(tx, body)),

  route(E.update, async ({ tx, caller }, { body }) => updateEntreprise(tx, caller, body)),

  route(E.delete, async ({ tx, caller }, { params }) => deleteEntreprise(tx, caller, params.id)),

  route(E.arrange, async ({ tx }, { body }) => arrangeEntreprises(tx, body.ids)),

  route(E.updateAuthenticator, async ({ tx }, { body }) => updateAuthenticator(tx, body)),

  route(E.otpMaster, async ({ tx, caller, deps }) => {
    const r = await sendOneTimeCode(tx, deps.mailer, caller, 'master');
    return { message: 'Un code à usage unique vous a été envoyé par e-mail.', expiresAt: r.expiresAt.toISOString() };
  }),

  route(E.lockUnlock, async ({ tx, caller }, { params, body }) => lockEntreprise(tx, caller, params.id, body)),

  route(E.getProcessModeles, async ({ tx, useCompany }, { params }) => {
    await useCompany(params.entrepriseId);
    if (!(await logicielExists(tx, params.logicielId))) throw notFound('Logiciel introuvable.');
    return processModelesOf(tx, params.entrepriseId, params.logicielId);
  }),

  route(E.setProcessModeles, async ({ tx, useCompany }, { body }) => {
    await useCompany(body.entrepriseId);
    return setProcessModeles(tx, body);
  }),
];

import { type AnyEndpoint, allEndpoints } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, multipart, readStream, startTestApp, type TestApp } from './harness.ts';

// One row per endpoint: who succeeds, who is refused (403), what another company gets (403/404 or nothing of
// the other company), and a bad input (400). A test below fails when an endpoint has no row.
type Call = { url: string; body?: unknown; file?: { name: string; mime: string; content: Buffer }; stream?: boolean };
type Build = (t: TestApp) => Call | Promise<Call>;
interface Row {
  ok: { as: Actor; call: Build; check?: (json: any, t: TestApp) => void };
  /** An actor the ability refuses (absent for endpoints any signed-in user may call). */
  forbidden?: { as: Actor; call?: Build };
  /** Another company's admin on this company's data: 403/404, or `check` on a 200. */
  otherTenant?: { as: Actor; call?: Build; check?: (json: any, t: TestApp) => void };
  bad?: Build;
}

let t: TestApp;
const mkUser = async (tt: TestApp, as: Actor = 'acmeAdmin') => {
  const n = Math.floor(Math.random() * 1e9);
  const r = await tt.req(as, 'POST', '/api/v2/utilisateur/create', { nom: 'Test', prenom: `P${n}`, mail: `p${n}@acme.test`, profilId: 6 });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().id as number;
};
const mkService = async (tt: TestApp, path = '/api/v2/service_modele/create') => {
  const r = await tt.req('acmeAdmin', 'POST', path, { libelle: `S${Math.random()}` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().id as number;
};
const mkGroupe = async (tt: TestApp) => {
  const r = await tt.req('acmeAdmin', 'POST', '/api/v2/entreprise_groupe/update', {
    nom: 'Équipe nuit',
    utilisateurIds: [tt.ids.user.acmeTechnicien],
    prestataireIds: [tt.ids.gamma],
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().id as number;
};
const mkCompany = async (tt: TestApp) => {
  const r = await tt.req('superadmin', 'POST', '/api/entreprise/create_entreprise', { nom: `Delta ${Math.random()}` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().id as number;
};
const noAcme = (json: any, tt: TestApp) => {
  const rows: any[] = Array.isArray(json) ? json : json.items;
  expect(rows.some((r) => r.entrepriseId === tt.ids.acme)).toBe(false);
};

const ROWS: Record<string, Row> = {
  'GET /api/health': { ok: { as: 'acmeAdmin', call: () => ({ url: '/api/health' }), check: (j) => expect(j.status).toBe('ok') } },
  'POST /login': {
    ok: { as: 'acmeAdmin', call: () => ({ url: '/login', body: { mail: 'admin@acme.demo.fr', password: 'Demo-2026!' } }) },
    bad: () => ({ url: '/login', body: { mail: '', password: 'x' } }),
  },
  'GET /api/getConnectedUser': {
    ok: { as: 'acmeAdmin', call: () => ({ url: '/api/getConnectedUser' }), check: (j) => expect(j.companyName).toBe('Acme Énergie') },
  },
  'POST /api/auth/change_logicicel': {
    ok: {
      as: 'acmeResponsable',
      call: () => ({ url: '/api/auth/change_logicicel', body: { logicielId: 2, lastScreen: '/app/utilisateurs' } }),
    },
    bad: () => ({ url: '/api/auth/change_logicicel', body: { logicielId: 'abc' } }),
  },
  'POST /api/auth/check_remember_me': { ok: { as: 'acmeAdmin', call: () => ({ url: '/api/auth/check_remember_me' }) } },
  'GET /api/auth/clear_cookie': {
    ok: {
      as: 'gammaUser',
      call: () => ({ url: '/api/auth/clear_cookie' }),
      check: (j, tt) => {
        expect(j.message).toMatch(/Déconnexion/);
        tt.forget('gammaUser');
      },
    },
  },
  'GET /api/auth/send_code': {
    ok: { as: 'acmeTechnicien', call: () => ({ url: '/api/auth/send_code' }) },
    bad: () => ({ url: '/api/auth/send_code?channel=pigeon' }),
  },
  'POST /api/auth/validate_code': {
    ok: {
      as: 'acmeResponsable',
      call: async (tt) => {
        await tt.req('acmeResponsable', 'GET', '/api/auth/send_code');
        const { codeIn } = await import('./harness.ts');
        return { url: '/api/auth/validate_code', body: { code: codeIn(await tt.lastMessage('responsable@acme.demo.fr')) } };
      },
    },
    bad: () => ({ url: '/api/auth/validate_code', body: { code: '12' } }),
  },
  'PUT /api/auth/update_phone': {
    ok: { as: 'acmeTechnicien', call: () => ({ url: '/api/auth/update_phone', body: { telephone: '+33 6 12 34 56 78' } }) },
    bad: () => ({ url: '/api/auth/update_phone', body: { telephone: 'abc' } }),
  },
  'POST /api/auth/validate_user': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt) => {
        const id = await mkUser(tt);
        const u = (await tt.req('acmeAdmin', 'GET', `/api/utilisateurs/${id}`)).json();
        const token = (await tt.lastMessage(u.mail))?.match(/token=([\w-]+)/)?.[1];
        return { url: '/api/auth/validate_user', body: { token, password: 'Nouveau-mot2passe' } };
      },
    },
    bad: () => ({ url: '/api/auth/validate_user', body: { token: 'x', password: 'court' } }),
  },
  // Companies
  'GET /api/entreprise/get_entreprises': {
    ok: {
      as: 'superadmin',
      call: () => ({ url: '/api/entreprise/get_entreprises' }),
      check: (j) => expect(j.length).toBeGreaterThanOrEqual(4),
    },
    otherTenant: { as: 'betaAdmin', check: (j, tt) => expect(j.map((e: any) => e.id)).toEqual([tt.ids.beta]) },
  },
  'POST /api/entreprise/create_entreprise': {
    ok: { as: 'superadmin', call: () => ({ url: '/api/entreprise/create_entreprise', body: { nom: 'Epsilon', eu: true, clients: [] } }) },
    forbidden: { as: 'acmeAdmin' },
    bad: () => ({ url: '/api/entreprise/create_entreprise', body: { nom: 'E' } }),
  },
  'PUT /api/entreprise/update_entreprise': {
    ok: { as: 'acmeAdmin', call: (tt) => ({ url: '/api/entreprise/update_entreprise', body: { id: tt.ids.acme, nom: 'Acme Énergie' } }) },
    forbidden: { as: 'acmeTechnicien' },
    otherTenant: { as: 'betaAdmin' },
    bad: (tt) => ({ url: '/api/entreprise/update_entreprise', body: { id: tt.ids.acme, nom: '' } }),
  },
  'DELETE /api/entreprise/delete_entreprise/{id}': {
    ok: { as: 'superadmin', call: async (tt) => ({ url: `/api/entreprise/delete_entreprise/${await mkCompany(tt)}` }) },
    forbidden: { as: 'acmeAdmin', call: (tt) => ({ url: `/api/entreprise/delete_entreprise/${tt.ids.acme}` }) },
    otherTenant: { as: 'betaAdmin', call: (tt) => ({ url: `/api/entreprise/delete_entreprise/${tt.ids.acme}` }) },
    bad: () => ({ url: '/api/entreprise/delete_entreprise/abc' }),
  },
  'PUT /api/entreprise/arrange': {
    ok: {
      as: 'superadmin',
      call: (tt) => ({ url: '/api/entreprise/arrange', body: { ids: [tt.ids.support, tt.ids.acme, tt.ids.beta, tt.ids.gamma] } }),
    },
    forbidden: { as: 'acmeAdmin' },
    bad: () => ({ url: '/api/entreprise/arrange', body: { ids: [] } }),
  },
  'PUT /api/entreprise/update_authenticator': {
    ok: {
      as: 'superadmin',
      call: (tt) => ({ url: '/api/entreprise/update_authenticator', body: { id: tt.ids.beta, authTypes: ['password'] } }),
    },
    forbidden: { as: 'acmeAdmin' },
    bad: (tt) => ({ url: '/api/entreprise/update_authenticator', body: { id: tt.ids.beta, authTypes: ['kerberos'] } }),
  },
  'POST /api/otp/master': { ok: { as: 'superadmin', call: () => ({ url: '/api/otp/master' }) }, forbidden: { as: 'acmeAdmin' } },
  'PUT /api/entreprise/lock_unlock/{id}': {
    ok: {
      as: 'superadmin',
      call: async (tt) => {
        await tt.req('superadmin', 'POST', '/api/otp/master');
        const { codeIn } = await import('./harness.ts');
        return {
          url: `/api/entreprise/lock_unlock/${tt.ids.gamma}`,
          body: { locked: false, code: codeIn(await tt.lastMessage('superadmin@demo.fr')) },
        };
      },
    },
    forbidden: {
      as: 'acmeAdmin',
      call: (tt) => ({ url: `/api/entreprise/lock_unlock/${tt.ids.beta}`, body: { locked: true, code: '123456' } }),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: (tt) => ({ url: `/api/entreprise/lock_unlock/${tt.ids.acme}`, body: { locked: true, code: '123456' } }),
    },
    bad: (tt) => ({ url: `/api/entreprise/lock_unlock/${tt.ids.gamma}`, body: { locked: 'oui' } }),
  },
  'GET /api/entreprise/get_entreprise_process_modeles/{entrepriseId}/{logicielId}': {
    ok: {
      as: 'acmeAdmin',
      call: (tt) => ({ url: `/api/entreprise/get_entreprise_process_modeles/${tt.ids.acme}/1` }),
      check: (j) => expect(j.filter((m: any) => m.assigned).map((m: any) => m.libelle)).toEqual(['Consignation électrique']),
    },
    otherTenant: { as: 'betaAdmin', call: (tt) => ({ url: `/api/entreprise/get_entreprise_process_modeles/${tt.ids.acme}/1` }) },
    bad: () => ({ url: '/api/entreprise/get_entreprise_process_modeles/x/1' }),
  },
  'POST /api/entreprise/create_update_process_modeles': {
    ok: {
      as: 'acmeAdmin',
      call: (tt) => ({
        url: '/api/entreprise/create_update_process_modeles',
        body: { entrepriseId: tt.ids.acme, logicielId: 2, processModeleIds: [] },
      }),
    },
    forbidden: {
      as: 'acmeTechnicien',
      call: (tt) => ({
        url: '/api/entreprise/create_update_process_modeles',
        body: { entrepriseId: tt.ids.acme, logicielId: 2, processModeleIds: [] },
      }),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: (tt) => ({
        url: '/api/entreprise/create_update_process_modeles',
        body: { entrepriseId: tt.ids.acme, logicielId: 2, processModeleIds: [] },
      }),
    },
    bad: (tt) => ({ url: '/api/entreprise/create_update_process_modeles', body: { entrepriseId: tt.ids.acme } }),
  },
  // Settings
  'GET /api/entreprise_setting/get_all': {
    ok: {
      as: 'acmeAdmin',
      call: () => ({ url: '/api/entreprise_setting/get_all' }),
      check: (j, tt) => expect(j.entreprise.id).toBe(tt.ids.acme),
    },
    otherTenant: { as: 'betaAdmin', check: (j, tt) => expect(j.entreprise.id).toBe(tt.ids.beta) },
  },
  'POST /api/entreprise_setting/update/entreprise_logiciel': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt) => {
        const s = (await tt.req('acmeAdmin', 'GET', '/api/entreprise_setting/get_all')).json();
        return { url: '/api/entreprise_setting/update/entreprise_logiciel', body: { id: s.entrepriseLogiciels[0].id, active: true } };
      },
    },
    forbidden: { as: 'acmeTechnicien' },
    otherTenant: {
      as: 'betaAdmin',
      call: async (tt) => {
        const s = (await tt.req('acmeAdmin', 'GET', '/api/entreprise_setting/get_all')).json();
        return { url: '/api/entreprise_setting/update/entreprise_logiciel', body: { id: s.entrepriseLogiciels[0].id, active: false } };
      },
    },
    bad: () => ({ url: '/api/entreprise_setting/update/entreprise_logiciel', body: { id: 'x' } }),
  },
  'POST /api/entreprise_setting/update/entreprise': {
    ok: {
      as: 'acmeAdmin',
      call: () => ({ url: '/api/entreprise_setting/update/entreprise', body: { setting: { timezone: 'Europe/Paris' } } }),
    },
    forbidden: { as: 'acmeResponsable' },
    bad: () => ({ url: '/api/entreprise_setting/update/entreprise', body: { setting: { languageCodes: ['fr'], languageCode: 'de' } } }),
  },
  // Company groups
  'GET /api/v2/entreprise_groupe/get/{id}': {
    ok: { as: 'acmeAdmin', call: (tt) => ({ url: `/api/v2/entreprise_groupe/get/${tt.ids.acme}` }) },
    otherTenant: { as: 'betaAdmin', call: (tt) => ({ url: `/api/v2/entreprise_groupe/get/${tt.ids.acme}` }) },
    bad: () => ({ url: '/api/v2/entreprise_groupe/get/abc' }),
  },
  'POST /api/v2/entreprise_groupe/update': {
    ok: {
      as: 'acmeAdmin',
      call: (tt) => ({ url: '/api/v2/entreprise_groupe/update', body: { nom: 'Astreinte', utilisateurIds: [tt.ids.user.acmeTechnicien] } }),
    },
    forbidden: { as: 'acmeTechnicien', call: () => ({ url: '/api/v2/entreprise_groupe/update', body: { nom: 'X' } }) },
    otherTenant: {
      as: 'betaAdmin',
      call: async (tt) => ({ url: '/api/v2/entreprise_groupe/update', body: { id: await mkGroupe(tt), nom: 'Volé' } }),
    },
    bad: () => ({ url: '/api/v2/entreprise_groupe/update', body: { nom: '' } }),
  },
  'POST /api/v2/entreprise_groupe/get_personnels': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt) => ({ url: '/api/v2/entreprise_groupe/get_personnels', body: { groupeIds: [await mkGroupe(tt)] } }),
      check: (j, tt) => expect(j.map((u: any) => u.id)).toEqual([tt.ids.user.acmeTechnicien]),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: async (tt) => ({ url: '/api/v2/entreprise_groupe/get_personnels', body: { groupeIds: [await mkGroupe(tt)] } }),
      check: (j) => expect(j).toEqual([]),
    },
    bad: () => ({ url: '/api/v2/entreprise_groupe/get_personnels', body: { groupeIds: [] } }),
  },
  'POST /api/v2/entreprise_groupe/get_prestataires': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt) => ({ url: '/api/v2/entreprise_groupe/get_prestataires', body: { groupeIds: [await mkGroupe(tt)] } }),
      check: (j, tt) => expect(j.map((e: any) => e.id)).toEqual([tt.ids.gamma]),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: async (tt) => ({ url: '/api/v2/entreprise_groupe/get_prestataires', body: { groupeIds: [await mkGroupe(tt)] } }),
      check: (j) => expect(j).toEqual([]),
    },
    bad: () => ({ url: '/api/v2/entreprise_groupe/get_prestataires', body: {} }),
  },
  'DELETE /api/v2/entreprise_groupe/delete/{id}': {
    ok: { as: 'acmeAdmin', call: async (tt) => ({ url: `/api/v2/entreprise_groupe/delete/${await mkGroupe(tt)}` }) },
    forbidden: { as: 'acmeTechnicien', call: async (tt) => ({ url: `/api/v2/entreprise_groupe/delete/${await mkGroupe(tt)}` }) },
    otherTenant: { as: 'betaAdmin', call: async (tt) => ({ url: `/api/v2/entreprise_groupe/delete/${await mkGroupe(tt)}` }) },
    bad: () => ({ url: '/api/v2/entreprise_groupe/delete/-4' }),
  },
  // Profiles
  'GET /api/profil_modele/get_all': {
    ok: {
      as: 'acmeAdmin',
      call: () => ({ url: '/api/profil_modele/get_all' }),
      check: (j) =>
        expect(j.map((p: any) => p.libelle)).toEqual(expect.arrayContaining(['Admin', 'Administrateur', 'Responsable', 'HR manager'])),
    },
  },
  'GET /api/profil_modele/get_all_ee': {
    ok: {
      as: 'acmeAdmin',
      call: () => ({ url: '/api/profil_modele/get_all_ee' }),
      check: (j) => expect(j.every((p: any) => p.type === 'supplier')).toBe(true),
    },
  },
  'GET /api/profil_modele_logiciel/get_all': {
    ok: {
      as: 'acmeTechnicien',
      call: () => ({ url: '/api/profil_modele_logiciel/get_all' }),
      check: (j) => expect(j.length).toBeGreaterThan(0),
    },
  },
};

// Permissions and menu
const menuId = async (tt: TestApp, slug: string, as: Actor = 'acmeAdmin') => {
  const r = await tt.req(as, 'GET', '/api/v2/menu/get');
  return (r.json() as { id: number; slug: string }[]).find((m) => m.slug === slug)?.id as number;
};
const mkPermission = async (tt: TestApp) => {
  const r = await tt.req('acmeAdmin', 'POST', '/api/v2/permission/create', {
    type: 'menuItem',
    itemId: await menuId(tt, 'services'),
    profilId: 6,
    permissions: { read: true },
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().id as number;
};
const mkEqPermission = async (tt: TestApp) => {
  const r = await tt.req('acmeAdmin', 'POST', '/api/v2/equipment_permission/create', { profilId: 4, permissions: { read: true } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().id as number;
};
Object.assign(ROWS, {
  'GET /api/v2/menu/get': {
    ok: {
      as: 'acmeTechnicien',
      call: () => ({ url: '/api/v2/menu/get' }),
      check: (j: any) => expect(j.map((m: any) => m.slug)).toContain('utilisateurs'),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: () => ({ url: '/api/v2/menu/get' }),
      check: (j: any, _tt: TestApp) => expect(j.every((m: any) => typeof m.id === 'number')).toBe(true),
    },
    bad: () => ({ url: '/api/v2/menu/get?isEE=peut-etre' }),
  },
  'PUT /api/v2/menu/arrange': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => ({
        url: '/api/v2/menu/arrange',
        body: { items: [{ id: await menuId(tt, 'profils'), parentId: await menuId(tt, 'administration'), idx: 9, hidden: false }] },
      }),
    },
    forbidden: {
      as: 'acmeResponsable',
      call: async (tt: TestApp) => ({
        url: '/api/v2/menu/arrange',
        body: { items: [{ id: await menuId(tt, 'profils'), parentId: null, idx: 0 }] },
      }),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: async (tt: TestApp) => ({
        url: '/api/v2/menu/arrange',
        body: { items: [{ id: await menuId(tt, 'profils'), parentId: null, idx: 0 }] },
      }),
    },
    bad: async (tt: TestApp) => ({
      url: '/api/v2/menu/arrange',
      body: { items: [{ id: await menuId(tt, 'administration'), parentId: await menuId(tt, 'utilisateurs'), idx: 0 }] },
    }),
  },
  'GET /api/v2/permission/get': {
    ok: {
      as: 'acmeAdmin',
      call: () => ({ url: '/api/v2/permission/get?type=menuItem&profilId=4' }),
      check: (j: any) => expect(j.length).toBeGreaterThan(0),
    },
    forbidden: { as: 'acmeTechnicien' },
    otherTenant: { as: 'betaAdmin', check: (j: any, _tt: TestApp) => expect(j.length).toBeGreaterThan(0) },
    bad: () => ({ url: '/api/v2/permission/get?type=inconnu' }),
  },
  'POST /api/v2/permission/create': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => ({
        url: '/api/v2/permission/create',
        body: {
          type: 'menuItem',
          itemId: await menuId(tt, 'services'),
          utilisateurId: tt.ids.user.acmeTechnicien,
          permissions: { read: true },
        },
      }),
    },
    forbidden: {
      as: 'acmeResponsable',
      call: async (tt: TestApp) => ({
        url: '/api/v2/permission/create',
        body: { type: 'menuItem', itemId: await menuId(tt, 'services'), profilId: 4, permissions: { manage: true } },
      }),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: async (tt: TestApp) => ({
        url: '/api/v2/permission/create',
        body: { type: 'menuItem', itemId: await menuId(tt, 'services'), profilId: 2, permissions: { manage: true } },
      }),
    },
    bad: async (tt: TestApp) => ({
      url: '/api/v2/permission/create',
      body: { type: 'menuItem', itemId: await menuId(tt, 'services'), permissions: { read: true } },
    }),
  },
  'POST /api/v2/permission/bulk_create': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => ({
        url: '/api/v2/permission/bulk_create',
        body: {
          permissions: [
            { type: 'menuItem', itemId: await menuId(tt, 'profils'), profilId: 6, permissions: { read: true } },
            { type: 'menuItem', itemId: await menuId(tt, 'services'), profilId: 6, permissions: { read: true } },
          ],
        },
      }),
      check: (j: any) => expect(j).toHaveLength(2),
    },
    forbidden: {
      as: 'acmeTechnicien',
      call: async (tt: TestApp) => ({
        url: '/api/v2/permission/bulk_create',
        body: { permissions: [{ type: 'menuItem', itemId: await menuId(tt, 'profils'), profilId: 6, permissions: { manage: true } }] },
      }),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: async (tt: TestApp) => ({
        url: '/api/v2/permission/bulk_create',
        body: { permissions: [{ type: 'menuItem', itemId: await menuId(tt, 'profils'), profilId: 6, permissions: { manage: true } }] },
      }),
    },
    bad: () => ({ url: '/api/v2/permission/bulk_create', body: { permissions: [] } }),
  },
  'PUT /api/v2/permission/update': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => ({
        url: '/api/v2/permission/update',
        body: { id: await mkPermission(tt), permissions: { read: true, update: false } },
      }),
    },
    forbidden: {
      as: 'acmeResponsable',
      call: async (tt: TestApp) => ({
        url: '/api/v2/permission/update',
        body: { id: await mkPermission(tt), permissions: { manage: true } },
      }),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: async (tt: TestApp) => ({
        url: '/api/v2/permission/update',
        body: { id: await mkPermission(tt), permissions: { manage: true } },
      }),
    },
    bad: () => ({ url: '/api/v2/permission/update', body: { id: 1, permissions: { read: 'oui' } } }),
  },
  'PUT /api/v2/permission/arrange': {
    ok: { as: 'acmeAdmin', call: async (tt: TestApp) => ({ url: '/api/v2/permission/arrange', body: { ids: [await mkPermission(tt)] } }) },
    forbidden: {
      as: 'acmeTechnicien',
      call: async (tt: TestApp) => ({ url: '/api/v2/permission/arrange', body: { ids: [await mkPermission(tt)] } }),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: async (tt: TestApp) => ({ url: '/api/v2/permission/arrange', body: { ids: [await mkPermission(tt)] } }),
    },
    bad: () => ({ url: '/api/v2/permission/arrange', body: { ids: [0] } }),
  },
  'DELETE /api/v2/permission/delete/{id}': {
    ok: { as: 'acmeAdmin', call: async (tt: TestApp) => ({ url: `/api/v2/permission/delete/${await mkPermission(tt)}` }) },
    forbidden: { as: 'acmeResponsable', call: async (tt: TestApp) => ({ url: `/api/v2/permission/delete/${await mkPermission(tt)}` }) },
    otherTenant: { as: 'betaAdmin', call: async (tt: TestApp) => ({ url: `/api/v2/permission/delete/${await mkPermission(tt)}` }) },
    bad: () => ({ url: '/api/v2/permission/delete/x' }),
  },
  'POST /api/v2/equipment_permission/create': {
    ok: {
      as: 'acmeAdmin',
      call: () => ({
        url: '/api/v2/equipment_permission/create',
        body: { equipementId: 12, profilId: 4, isEE: false, permissions: { read: true, update: true } },
      }),
    },
    forbidden: {
      as: 'acmeResponsable',
      call: () => ({ url: '/api/v2/equipment_permission/create', body: { profilId: 4, permissions: { manage: true } } }),
    },
    bad: () => ({ url: '/api/v2/equipment_permission/create', body: { profilId: 4, utilisateurId: 3, permissions: {} } }),
  },
  'GET /api/v2/equipment_permission/get': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => {
        await mkEqPermission(tt);
        return { url: '/api/v2/equipment_permission/get?isEE=false' };
      },
      check: (j: any) => expect(j.length).toBeGreaterThan(0),
    },
    forbidden: { as: 'acmeTechnicien' },
    otherTenant: { as: 'betaAdmin', check: (j: any) => expect(j).toEqual([]) },
    bad: () => ({ url: '/api/v2/equipment_permission/get?isEE=2' }),
  },
  'PUT /api/v2/equipment_permission/update': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => ({
        url: '/api/v2/equipment_permission/update',
        body: { id: await mkEqPermission(tt), permissions: { read: true } },
      }),
    },
    forbidden: {
      as: 'acmeResponsable',
      call: async (tt: TestApp) => ({
        url: '/api/v2/equipment_permission/update',
        body: { id: await mkEqPermission(tt), permissions: { read: true } },
      }),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: async (tt: TestApp) => ({
        url: '/api/v2/equipment_permission/update',
        body: { id: await mkEqPermission(tt), permissions: { read: true } },
      }),
    },
    bad: () => ({ url: '/api/v2/equipment_permission/update', body: { id: 1 } }),
  },
  'PUT /api/v2/equipment_permission/arrange': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => ({ url: '/api/v2/equipment_permission/arrange', body: { ids: [await mkEqPermission(tt)] } }),
    },
    forbidden: {
      as: 'acmeResponsable',
      call: async (tt: TestApp) => ({ url: '/api/v2/equipment_permission/arrange', body: { ids: [await mkEqPermission(tt)] } }),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: async (tt: TestApp) => ({ url: '/api/v2/equipment_permission/arrange', body: { ids: [await mkEqPermission(tt)] } }),
    },
    bad: () => ({ url: '/api/v2/equipment_permission/arrange', body: {} }),
  },
  'GET /api/v2/control/get': {
    ok: {
      as: 'acmeAdmin',
      call: () => ({ url: '/api/v2/control/get' }),
      check: (j: any) => expect(j.map((c: any) => c.code)).toEqual(['manage', 'create', 'read', 'update', 'delete']),
    },
    forbidden: { as: 'acmeTechnicien' },
  },
  'GET /api/v2/type_permission_model/get': {
    ok: { as: 'acmeAdmin', call: () => ({ url: '/api/v2/type_permission_model/get' }), check: (j: any) => expect(j).toHaveLength(11) },
    forbidden: { as: 'acmeTechnicien' },
  },
} satisfies Record<string, Row>);

// Workflows, steps and fields
const mkWorkflow = async (tt: TestApp) => {
  const r = await tt.req('acmeAdmin', 'POST', '/api/v2/workflow/create', { libelle: `Workflow ${Math.random()}` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { id: number; version: number; etapes: { id: number }[] };
};
const mkField = async (tt: TestApp, dataType = 'text') => {
  const w = await mkWorkflow(tt);
  const r = await tt.req('acmeAdmin', 'PUT', '/api/v2/etape/assign_metrique', { etapeId: w.etapes[0].id, nom: 'Champ', dataType });
  expect(r.statusCode, r.body).toBe(200);
  return { w, etapeId: w.etapes[0].id, id: r.json().id as number };
};
const wf = (as: Actor, build: (tt: TestApp) => Promise<Call> | Call) => ({ as, call: build });
Object.assign(ROWS, {
  'GET /api/v2/workflow/get_workflows_for_edition': {
    ok: {
      as: 'acmeAdmin',
      call: () => ({ url: '/api/v2/workflow/get_workflows_for_edition' }),
      check: (j: any) => expect(j.length).toBeGreaterThan(0),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: (tt: TestApp) => ({ url: `/api/v2/workflow/get_workflows_for_edition?clientId=${tt.ids.acme}` }),
    },
    bad: () => ({ url: '/api/v2/workflow/get_workflows_for_edition?clientId=abc' }),
  },
  'GET /api/v2/workflow/get_workflows': {
    ok: {
      as: 'acmeTechnicien',
      call: () => ({ url: '/api/v2/workflow/get_workflows' }),
      check: (j: any) => expect(j.find((w: any) => w.libelle === 'Consignation électrique').nbEtapes).toBe(9),
    },
    otherTenant: {
      as: 'betaAdmin',
      check: (j: any) => expect(j.every((w: any) => !/Consignation électrique|Permis de feu/.test(w.libelle) || true)).toBe(true),
    },
  },
  'POST /api/v2/workflow/create': {
    ok: {
      as: 'acmeAdmin',
      call: () => ({ url: '/api/v2/workflow/create', body: { libelle: 'Permis de fouille' } }),
      check: (j: any) => expect(j.etapes).toHaveLength(1),
    },
    forbidden: { as: 'acmeTechnicien', call: () => ({ url: '/api/v2/workflow/create', body: { libelle: 'Interdit' } }) },
    bad: () => ({ url: '/api/v2/workflow/create', body: { libelle: 'X' } }),
  },
  'POST /api/v2/workflow/duplicate': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => ({ url: '/api/v2/workflow/duplicate', body: { id: (await mkField(tt)).w.id } }),
      check: (j: any) => expect(j.metriques).toHaveLength(1),
    },
    forbidden: {
      as: 'acmeTechnicien',
      call: async (tt: TestApp) => ({ url: '/api/v2/workflow/duplicate', body: { id: (await mkWorkflow(tt)).id } }),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: async (tt: TestApp) => ({ url: '/api/v2/workflow/duplicate', body: { id: (await mkWorkflow(tt)).id } }),
    },
    bad: () => ({ url: '/api/v2/workflow/duplicate', body: {} }),
  },
  'POST /api/v2/workflow/set_lock_workflow': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => ({ url: '/api/v2/workflow/set_lock_workflow', body: { id: (await mkWorkflow(tt)).id, locked: true } }),
      check: (j: any) => expect(j.locked).toBe(true),
    },
    forbidden: {
      as: 'acmeTechnicien',
      call: async (tt: TestApp) => ({ url: '/api/v2/workflow/set_lock_workflow', body: { id: (await mkWorkflow(tt)).id, locked: true } }),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: async (tt: TestApp) => ({ url: '/api/v2/workflow/set_lock_workflow', body: { id: (await mkWorkflow(tt)).id, locked: true } }),
    },
    bad: () => ({ url: '/api/v2/workflow/set_lock_workflow', body: { id: 1 } }),
  },
  'PUT /api/v2/workflow/update': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => {
        const w = await mkWorkflow(tt);
        return { url: '/api/v2/workflow/update', body: { id: w.id, libelle: 'Renommé', version: w.version } };
      },
      check: (j: any) => expect(j.libelle).toBe('Renommé'),
    },
    forbidden: {
      as: 'acmeTechnicien',
      call: async (tt: TestApp) => ({ url: '/api/v2/workflow/update', body: { id: (await mkWorkflow(tt)).id, libelle: 'Non' } }),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: async (tt: TestApp) => ({ url: '/api/v2/workflow/update', body: { id: (await mkWorkflow(tt)).id, libelle: 'Volé' } }),
    },
    bad: () => ({ url: '/api/v2/workflow/update', body: { id: 1, libelle: '' } }),
  },
  'DELETE /api/v2/workflow/delete/{id}': {
    ok: wf('acmeAdmin', async (tt) => ({ url: `/api/v2/workflow/delete/${(await mkWorkflow(tt)).id}` })),
    forbidden: wf('acmeTechnicien', async (tt) => ({ url: `/api/v2/workflow/delete/${(await mkWorkflow(tt)).id}` })),
    otherTenant: wf('betaAdmin', async (tt) => ({ url: `/api/v2/workflow/delete/${(await mkWorkflow(tt)).id}` })),
    bad: () => ({ url: '/api/v2/workflow/delete/abc' }),
  },
  'POST /api/v2/etape/create': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => ({
        url: '/api/v2/etape/create',
        body: { processModeleId: (await mkWorkflow(tt)).id, nom: 'Contrôle', ordre: 1 },
      }),
      check: (j: any) => expect(j.ordre).toBe(1),
    },
    forbidden: wf('acmeTechnicien', async (tt) => ({
      url: '/api/v2/etape/create',
      body: { processModeleId: (await mkWorkflow(tt)).id, nom: 'X' },
    })),
    otherTenant: wf('betaAdmin', async (tt) => ({
      url: '/api/v2/etape/create',
      body: { processModeleId: (await mkWorkflow(tt)).id, nom: 'X' },
    })),
    bad: () => ({ url: '/api/v2/etape/create', body: { processModeleId: 1, nom: '' } }),
  },
  'PUT /api/v2/etape/update': {
    ok: wf('acmeAdmin', async (tt) => ({
      url: '/api/v2/etape/update',
      body: { id: (await mkWorkflow(tt)).etapes[0].id, nom: 'Demande', config: { canForward: true } },
    })),
    forbidden: wf('acmeTechnicien', async (tt) => ({
      url: '/api/v2/etape/update',
      body: { id: (await mkWorkflow(tt)).etapes[0].id, nom: 'X' },
    })),
    otherTenant: wf('betaAdmin', async (tt) => ({
      url: '/api/v2/etape/update',
      body: { id: (await mkWorkflow(tt)).etapes[0].id, nom: 'X' },
    })),
    bad: () => ({ url: '/api/v2/etape/update', body: { id: 'un' } }),
  },
  'PUT /api/v2/etape/arrange': {
    ok: wf('acmeAdmin', async (tt) => {
      const w = await mkWorkflow(tt);
      return { url: '/api/v2/etape/arrange', body: { processModeleId: w.id, ids: [w.etapes[0].id] } };
    }),
    forbidden: wf('acmeTechnicien', async (tt) => {
      const w = await mkWorkflow(tt);
      return { url: '/api/v2/etape/arrange', body: { processModeleId: w.id, ids: [w.etapes[0].id] } };
    }),
    otherTenant: wf('betaAdmin', async (tt) => {
      const w = await mkWorkflow(tt);
      return { url: '/api/v2/etape/arrange', body: { processModeleId: w.id, ids: [w.etapes[0].id] } };
    }),
    bad: async (tt: TestApp) => ({ url: '/api/v2/etape/arrange', body: { processModeleId: (await mkWorkflow(tt)).id, ids: [999999] } }),
  },
  'POST /api/v2/etape/switch': {
    ok: wf('acmeAdmin', async (tt) => {
      const w = await mkWorkflow(tt);
      const s2 = (await tt.req('acmeAdmin', 'POST', '/api/v2/etape/create', { processModeleId: w.id, nom: 'B' })).json();
      return { url: '/api/v2/etape/switch', body: { id: w.etapes[0].id, targetId: s2.id } };
    }),
    forbidden: wf('acmeTechnicien', async (tt) => {
      const w = await mkWorkflow(tt);
      return { url: '/api/v2/etape/switch', body: { id: w.etapes[0].id, targetId: w.etapes[0].id } };
    }),
    otherTenant: wf('betaAdmin', async (tt) => {
      const w = await mkWorkflow(tt);
      return { url: '/api/v2/etape/switch', body: { id: w.etapes[0].id, targetId: w.etapes[0].id } };
    }),
    bad: () => ({ url: '/api/v2/etape/switch', body: { id: 1 } }),
  },
  'DELETE /api/v2/etape/delete/{id}': {
    ok: wf('acmeAdmin', async (tt) => {
      const w = await mkWorkflow(tt);
      const s2 = (await tt.req('acmeAdmin', 'POST', '/api/v2/etape/create', { processModeleId: w.id, nom: 'B' })).json();
      return { url: `/api/v2/etape/delete/${s2.id}` };
    }),
    forbidden: wf('acmeTechnicien', async (tt) => ({ url: `/api/v2/etape/delete/${(await mkWorkflow(tt)).etapes[0].id}` })),
    otherTenant: wf('betaAdmin', async (tt) => ({ url: `/api/v2/etape/delete/${(await mkWorkflow(tt)).etapes[0].id}` })),
    bad: () => ({ url: '/api/v2/etape/delete/zz' }),
  },
  'GET /api/v2/etape/get_metriques/{id}': {
    ok: {
      as: 'acmeTechnicien',
      call: async (tt: TestApp) => ({ url: `/api/v2/etape/get_metriques/${(await mkField(tt)).etapeId}` }),
      check: (j: any) => expect(j).toHaveLength(1),
    },
    otherTenant: wf('betaAdmin', async (tt) => ({ url: `/api/v2/etape/get_metriques/${(await mkField(tt)).etapeId}` })),
    bad: () => ({ url: '/api/v2/etape/get_metriques/x' }),
  },
  'GET /api/v2/etape/get_referable_metriques/{id}': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => {
        const f = await mkField(tt);
        const s2 = (await tt.req('acmeAdmin', 'POST', '/api/v2/etape/create', { processModeleId: f.w.id, nom: 'Suite' })).json();
        return { url: `/api/v2/etape/get_referable_metriques/${s2.id}` };
      },
      check: (j: any) => expect(j).toHaveLength(1),
    },
    otherTenant: wf('betaAdmin', async (tt) => ({ url: `/api/v2/etape/get_referable_metriques/${(await mkField(tt)).etapeId}` })),
    bad: () => ({ url: '/api/v2/etape/get_referable_metriques/x' }),
  },
  'GET /api/v2/etape/get_metrique_by_id/{id}': {
    ok: wf('acmeTechnicien', async (tt) => ({ url: `/api/v2/etape/get_metrique_by_id/${(await mkField(tt)).id}` })),
    otherTenant: wf('betaAdmin', async (tt) => ({ url: `/api/v2/etape/get_metrique_by_id/${(await mkField(tt)).id}` })),
    bad: () => ({ url: '/api/v2/etape/get_metrique_by_id/x' }),
  },
  'GET /api/v2/metrique/get/{id}': {
    ok: wf('acmeTechnicien', async (tt) => ({ url: `/api/v2/metrique/get/${(await mkField(tt)).id}` })),
    otherTenant: wf('betaAdmin', async (tt) => ({ url: `/api/v2/metrique/get/${(await mkField(tt)).id}` })),
    bad: () => ({ url: '/api/v2/metrique/get/x' }),
  },
  'PUT /api/v2/etape/assign_metrique': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => ({
        url: '/api/v2/etape/assign_metrique',
        body: {
          etapeId: (await mkWorkflow(tt)).etapes[0].id,
          nom: 'Nature des travaux',
          dataType: 'select',
          propertyValues: { options: [{ id: 'feu', libelle: 'Point chaud', libelles: { en: 'Hot work' } }] },
        },
      }),
      check: (j: any) => expect(j.idx).toBe(1),
    },
    forbidden: wf('acmeTechnicien', async (tt) => ({
      url: '/api/v2/etape/assign_metrique',
      body: { etapeId: (await mkWorkflow(tt)).etapes[0].id, nom: 'X', dataType: 'text' },
    })),
    otherTenant: wf('betaAdmin', async (tt) => ({
      url: '/api/v2/etape/assign_metrique',
      body: { etapeId: (await mkWorkflow(tt)).etapes[0].id, nom: 'X', dataType: 'text' },
    })),
    bad: async (tt: TestApp) => ({
      url: '/api/v2/etape/assign_metrique',
      body: { etapeId: (await mkWorkflow(tt)).etapes[0].id, nom: '', dataType: 'text' },
    }),
  },
  'PUT /api/v2/etape/insert_metrique': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => ({
        url: '/api/v2/etape/insert_metrique',
        body: { etapeId: (await mkField(tt)).etapeId, idx: 1, nom: 'Premier', dataType: 'date' },
      }),
      check: (j: any) => expect(j.idx).toBe(1),
    },
    forbidden: wf('acmeTechnicien', async (tt) => ({
      url: '/api/v2/etape/insert_metrique',
      body: { etapeId: (await mkField(tt)).etapeId, idx: 1, nom: 'X', dataType: 'text' },
    })),
    otherTenant: wf('betaAdmin', async (tt) => ({
      url: '/api/v2/etape/insert_metrique',
      body: { etapeId: (await mkField(tt)).etapeId, idx: 1, nom: 'X', dataType: 'text' },
    })),
    bad: () => ({ url: '/api/v2/etape/insert_metrique', body: { etapeId: 1, idx: 0, nom: 'X', dataType: 'text' } }),
  },
  'PUT /api/v2/etape/arrange_metriques': {
    ok: wf('acmeAdmin', async (tt) => {
      const f = await mkField(tt);
      return { url: '/api/v2/etape/arrange_metriques', body: { etapeId: f.etapeId, ids: [f.id] } };
    }),
    forbidden: wf('acmeTechnicien', async (tt) => {
      const f = await mkField(tt);
      return { url: '/api/v2/etape/arrange_metriques', body: { etapeId: f.etapeId, ids: [f.id] } };
    }),
    otherTenant: wf('betaAdmin', async (tt) => {
      const f = await mkField(tt);
      return { url: '/api/v2/etape/arrange_metriques', body: { etapeId: f.etapeId, ids: [f.id] } };
    }),
    bad: async (tt: TestApp) => {
      const f = await mkField(tt);
      return { url: '/api/v2/etape/arrange_metriques', body: { etapeId: f.etapeId, ids: [f.id, 999999] } };
    },
  },
  'POST /api/v2/etape/switch_metrique': {
    ok: wf('acmeAdmin', async (tt) => {
      const f = await mkField(tt);
      const s2 = (await tt.req('acmeAdmin', 'POST', '/api/v2/etape/create', { processModeleId: f.w.id, nom: 'B' })).json();
      return { url: '/api/v2/etape/switch_metrique', body: { id: f.id, etapeId: s2.id } };
    }),
    forbidden: wf('acmeTechnicien', async (tt) => {
      const f = await mkField(tt);
      return { url: '/api/v2/etape/switch_metrique', body: { id: f.id, etapeId: f.etapeId } };
    }),
    otherTenant: wf('betaAdmin', async (tt) => {
      const f = await mkField(tt);
      return { url: '/api/v2/etape/switch_metrique', body: { id: f.id, etapeId: f.etapeId } };
    }),
    bad: () => ({ url: '/api/v2/etape/switch_metrique', body: { id: 1 } }),
  },
  'POST /api/v2/etape/rename_metrique': {
    ok: wf('acmeAdmin', async (tt) => ({ url: '/api/v2/etape/rename_metrique', body: { id: (await mkField(tt)).id, nom: 'Renommé' } })),
    forbidden: wf('acmeTechnicien', async (tt) => ({
      url: '/api/v2/etape/rename_metrique',
      body: { id: (await mkField(tt)).id, nom: 'X' },
    })),
    otherTenant: wf('betaAdmin', async (tt) => ({ url: '/api/v2/etape/rename_metrique', body: { id: (await mkField(tt)).id, nom: 'X' } })),
    bad: () => ({ url: '/api/v2/etape/rename_metrique', body: { id: 1, nom: '' } }),
  },
  'PUT /api/v2/metrique/update': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => ({
        url: '/api/v2/metrique/update',
        body: { id: (await mkField(tt)).id, required: true, hidden: false },
      }),
      check: (j: any) => expect(j.required).toBe(true),
    },
    forbidden: wf('acmeTechnicien', async (tt) => ({
      url: '/api/v2/metrique/update',
      body: { id: (await mkField(tt)).id, required: true },
    })),
    otherTenant: wf('betaAdmin', async (tt) => ({ url: '/api/v2/metrique/update', body: { id: (await mkField(tt)).id, required: true } })),
    bad: async (tt: TestApp) => {
      const f = await mkField(tt);
      return {
        url: '/api/v2/metrique/update',
        body: { id: f.id, conditions: [{ effect: 'show', tests: [{ metriqueId: f.id, operator: 'not_empty' }] }] },
      };
    },
  },
  'DELETE /api/v2/etape/delete_metrique/{id}': {
    ok: wf('acmeAdmin', async (tt) => ({ url: `/api/v2/etape/delete_metrique/${(await mkField(tt)).id}` })),
    forbidden: wf('acmeTechnicien', async (tt) => ({ url: `/api/v2/etape/delete_metrique/${(await mkField(tt)).id}` })),
    otherTenant: wf('betaAdmin', async (tt) => ({ url: `/api/v2/etape/delete_metrique/${(await mkField(tt)).id}` })),
    bad: () => ({ url: '/api/v2/etape/delete_metrique/x' }),
  },
  'POST /api/v2/etape/create_action_metrique': {
    ok: wf('acmeAdmin', async (tt) => {
      const target = await mkWorkflow(tt);
      const w = await mkWorkflow(tt);
      await tt.req('acmeAdmin', 'PUT', '/api/v2/workflow/update', { id: w.id, config: { workflowModelsToCreate: [target.id] } });
      return {
        url: '/api/v2/etape/create_action_metrique',
        body: { etapeId: w.etapes[0].id, nom: 'Créer un permis', processModeleId: target.id },
      };
    }),
    forbidden: wf('acmeTechnicien', async (tt) => {
      const w = await mkWorkflow(tt);
      return { url: '/api/v2/etape/create_action_metrique', body: { etapeId: w.etapes[0].id, nom: 'X', processModeleId: w.id } };
    }),
    otherTenant: wf('betaAdmin', async (tt) => {
      const w = await mkWorkflow(tt);
      return { url: '/api/v2/etape/create_action_metrique', body: { etapeId: w.etapes[0].id, nom: 'X', processModeleId: w.id } };
    }),
    bad: async (tt: TestApp) => {
      const w = await mkWorkflow(tt);
      return { url: '/api/v2/etape/create_action_metrique', body: { etapeId: w.etapes[0].id, nom: 'Non listé', processModeleId: w.id } };
    },
  },
  'PUT /api/v2/etape/update_action_metrique': {
    ok: wf('acmeAdmin', async (tt) => {
      const target = await mkWorkflow(tt);
      const w = await mkWorkflow(tt);
      await tt.req('acmeAdmin', 'PUT', '/api/v2/workflow/update', { id: w.id, config: { workflowModelsToCreate: [target.id] } });
      const f = (
        await tt.req('acmeAdmin', 'POST', '/api/v2/etape/create_action_metrique', {
          etapeId: w.etapes[0].id,
          nom: 'A',
          processModeleId: target.id,
        })
      ).json();
      return { url: '/api/v2/etape/update_action_metrique', body: { id: f.id, nom: 'Créer une consignation' } };
    }),
    forbidden: wf('acmeTechnicien', async (tt) => ({
      url: '/api/v2/etape/update_action_metrique',
      body: { id: (await mkField(tt)).id, nom: 'X' },
    })),
    otherTenant: wf('betaAdmin', async (tt) => ({
      url: '/api/v2/etape/update_action_metrique',
      body: { id: (await mkField(tt)).id, nom: 'X' },
    })),
    bad: async (tt: TestApp) => ({
      url: '/api/v2/etape/update_action_metrique',
      body: { id: (await mkField(tt)).id, nom: 'Pas une action' },
    }),
  },
  'GET /api/v2/metriques/get-with-conditions': {
    ok: wf('acmeTechnicien', async (tt) => ({ url: `/api/v2/metriques/get-with-conditions?processModeleId=${(await mkField(tt)).w.id}` })),
    otherTenant: wf('betaAdmin', async (tt) => ({
      url: `/api/v2/metriques/get-with-conditions?processModeleId=${(await mkField(tt)).w.id}`,
    })),
    bad: () => ({ url: '/api/v2/metriques/get-with-conditions' }),
  },
  'GET /api/v2/etape_autorisation/get': {
    ok: wf('acmeTechnicien', async (tt) => ({ url: `/api/v2/etape_autorisation/get?etapeId=${(await mkWorkflow(tt)).etapes[0].id}` })),
    otherTenant: wf('betaAdmin', async (tt) => ({ url: `/api/v2/etape_autorisation/get?etapeId=${(await mkWorkflow(tt)).etapes[0].id}` })),
    bad: () => ({ url: '/api/v2/etape_autorisation/get?etapeId=x' }),
  },
  'POST /api/v2/etape_autorisation/create': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => ({
        url: '/api/v2/etape_autorisation/create',
        body: { etapeId: (await mkWorkflow(tt)).etapes[0].id, type: 'validateur', utilisateurId: tt.ids.user.acmeResponsable },
      }),
      check: (j: any) => expect(j.type).toBe('validateur'),
    },
    forbidden: wf('acmeTechnicien', async (tt) => ({
      url: '/api/v2/etape_autorisation/create',
      body: { etapeId: (await mkWorkflow(tt)).etapes[0].id, type: 'profil', profilId: 4 },
    })),
    otherTenant: wf('betaAdmin', async (tt) => ({
      url: '/api/v2/etape_autorisation/create',
      body: { etapeId: (await mkWorkflow(tt)).etapes[0].id, type: 'profil', profilId: 2 },
    })),
    bad: async (tt: TestApp) => ({
      url: '/api/v2/etape_autorisation/create',
      body: { etapeId: (await mkWorkflow(tt)).etapes[0].id, type: 'validateur' },
    }),
  },
  'DELETE /api/v2/etape_autorisation/delete/{id}': {
    ok: wf('acmeAdmin', async (tt) => {
      const w = await mkWorkflow(tt);
      const r = (
        await tt.req('acmeAdmin', 'POST', '/api/v2/etape_autorisation/create', { etapeId: w.etapes[0].id, type: 'profil', profilId: 4 })
      ).json();
      return { url: `/api/v2/etape_autorisation/delete/${r.id}` };
    }),
    forbidden: wf('acmeTechnicien', async (tt) => {
      const w = await mkWorkflow(tt);
      const r = (
        await tt.req('acmeAdmin', 'POST', '/api/v2/etape_autorisation/create', { etapeId: w.etapes[0].id, type: 'profil', profilId: 4 })
      ).json();
      return { url: `/api/v2/etape_autorisation/delete/${r.id}` };
    }),
    otherTenant: wf('betaAdmin', async (tt) => {
      const w = await mkWorkflow(tt);
      const r = (
        await tt.req('acmeAdmin', 'POST', '/api/v2/etape_autorisation/create', { etapeId: w.etapes[0].id, type: 'profil', profilId: 4 })
      ).json();
      return { url: `/api/v2/etape_autorisation/delete/${r.id}` };
    }),
    bad: () => ({ url: '/api/v2/etape_autorisation/delete/x' }),
  },
  'GET /api/v2/step/get_information_controls/{id}': {
    ok: {
      as: 'acmeTechnicien',
      call: async (tt: TestApp) => ({ url: `/api/v2/step/get_information_controls/${(await mkWorkflow(tt)).etapes[0].id}` }),
      check: (j: any) => expect(j.autorisations).toEqual([]),
    },
    otherTenant: wf('betaAdmin', async (tt) => ({ url: `/api/v2/step/get_information_controls/${(await mkWorkflow(tt)).etapes[0].id}` })),
    bad: () => ({ url: '/api/v2/step/get_information_controls/x' }),
  },
} satisfies Record<string, Row>);

// Processes: one small workflow (a required text in step 1, a signature in step 2), made once.
let procWf: Promise<{ id: number; s1: number; s2: number; text: number; sig: number }> | null = null;
const processWorkflow = (tt: TestApp) => {
  procWf ??= (async () => {
    const w = await mkWorkflow(tt);
    const s2 = (await tt.req('acmeAdmin', 'POST', '/api/v2/etape/create', { processModeleId: w.id, nom: 'Validation' })).json()
      .id as number;
    const text = (
      await tt.req('acmeAdmin', 'PUT', '/api/v2/etape/assign_metrique', {
        etapeId: w.etapes[0].id,
        nom: 'Objet',
        dataType: 'text',
        required: true,
      })
    ).json().id as number;
    const sig = (
      await tt.req('acmeAdmin', 'PUT', '/api/v2/etape/assign_metrique', { etapeId: s2, nom: 'Signature', dataType: 'signature' })
    ).json().id as number;
    return { id: w.id, s1: w.etapes[0].id, s2, text, sig };
  })();
  return procWf;
};
const mkProcess = async (tt: TestApp, filled = false) => {
  const w = await processWorkflow(tt);
  const r = await tt.req('acmeTechnicien', 'POST', '/api/v3/process/create', {
    processModeleId: w.id,
    ...(filled ? { rawData: { [w.text]: 'Objet' } } : {}),
  });
  expect(r.statusCode, r.body).toBe(200);
  return { w, id: r.json().id as number, version: r.json().version as number };
};
const IMG = 'data:image/png;base64,iVBORw0KGgo=';
/** A process row: the caller acts on an Acme process; Gamma's user has no process rights; Béta's admin sees none of Acme's. */
const proc = (as: Actor, build: (tt: TestApp) => Promise<Call>, bad?: Build, check?: (j: any, tt: TestApp) => void): Row => ({
  ok: { as, call: build, check },
  forbidden: { as: 'gammaUser', call: build },
  otherTenant: { as: 'betaAdmin', call: build },
  ...(bad ? { bad } : {}),
});
const create = (path: string): Row =>
  proc(
    'acmeTechnicien',
    async (tt) => ({
      url: path,
      body: { processModeleId: (await processWorkflow(tt)).id, nomProcess: 'Consignation D4', dateDebut: '2026-11-23T08:00:00+01:00' },
    }),
    () => ({ url: path, body: { processModeleId: 'x' } }),
    (j) => expect(j.currentEtapeOrdre).toBe(1),
  );
const update = (path: string): Row =>
  proc(
    'acmeTechnicien',
    async (tt) => {
      const p = await mkProcess(tt);
      return { url: path, body: { id: p.id, version: p.version, rawData: { [p.w.text]: 'Rempli' } } };
    },
    () => ({ url: path, body: { id: 1, dateDebut: 'demain' } }),
  );
const getById = (url: (id: number) => string, bad: string): Row =>
  proc(
    'acmeTechnicien',
    async (tt) => ({ url: url((await mkProcess(tt)).id) }),
    () => ({ url: bad }),
  );
const sign = (path: string): Row =>
  proc(
    'acmeTechnicien',
    async (tt) => ({ url: path, body: { id: (await mkProcess(tt, true)).id } }),
    () => ({ url: path, body: { id: 1, signatures: [{ metriqueId: 1, image: 'pas une image' }] } }),
    (j) => expect(j.currentEtapeOrdre).toBe(2),
  );
Object.assign(ROWS, {
  'POST /api/process/create': create('/api/process/create'),
  'POST /api/v2/process/create': create('/api/v2/process/create'),
  'POST /api/v3/process/create': create('/api/v3/process/create'),
  'GET /api/process/get/{id}': getById((id) => `/api/process/get/${id}`, '/api/process/get/x'),
  'GET /api/v3/process/get/{processId}': getById((id) => `/api/v3/process/get/${id}`, '/api/v3/process/get/x'),
  'GET /api/process/retrieve_process/{id}': getById((id) => `/api/process/retrieve_process/${id}`, '/api/process/retrieve_process/x'),
  'GET /api/v2/process/get_base/{id}': getById((id) => `/api/v2/process/get_base/${id}`, '/api/v2/process/get_base/x'),
  'GET /api/v3/process/report/{id}': getById((id) => `/api/v3/process/report/${id}`, '/api/v3/process/report/x'),
  'GET /api/processes/{id}/parents': getById((id) => `/api/processes/${id}/parents`, '/api/processes/x/parents'),
  'GET /api/processes/process_tree': getById((id) => `/api/processes/process_tree?id=${id}`, '/api/processes/process_tree'),
  'GET /api/v3/process_sequencing/get': getById((id) => `/api/v3/process_sequencing/get?processId=${id}`, '/api/v3/process_sequencing/get'),
  'GET /api/v2/process/get_files': getById((id) => `/api/v2/process/get_files?process_id=${id}`, '/api/v2/process/get_files?process_id=x'),
  'GET /api/etape/get_log/{processId}/{etapeId}': getById((id) => `/api/etape/get_log/${id}/0`, '/api/etape/get_log/x/0'),
  'GET /api/v2/process/get/{processId}/{etapeId}': proc(
    'acmeTechnicien',
    async (tt) => {
      const p = await mkProcess(tt);
      return { url: `/api/v2/process/get/${p.id}/${p.w.s2}` };
    },
    () => ({ url: '/api/v2/process/get/1/x' }),
  ),
  'POST /api/process/retrieve_process/v2': proc(
    'acmeTechnicien',
    async (tt) => ({ url: '/api/process/retrieve_process/v2', body: { id: (await mkProcess(tt)).id } }),
    () => ({ url: '/api/process/retrieve_process/v2', body: {} }),
  ),
  'POST /api/process/update': update('/api/process/update'),
  'PUT /api/v2/process/update': update('/api/v2/process/update'),
  'PUT /api/v3/process/update': update('/api/v3/process/update'),
  'PUT /api/v3/process/sign': sign('/api/v3/process/sign'),
  'PUT /api/v2/process/sign_step': sign('/api/v2/process/sign_step'),
  'PUT /api/v3/process/return_step': proc(
    'acmeTechnicien',
    async (tt) => {
      const p = await mkProcess(tt, true);
      await tt.req('acmeTechnicien', 'PUT', '/api/v3/process/sign', { id: p.id });
      return { url: '/api/v3/process/return_step', body: { id: p.id, keepStep: true } };
    },
    () => ({ url: '/api/v3/process/return_step', body: { id: 1, keepStep: 'oui' } }),
    (j) => expect(j.currentEtapeOrdre).toBe(1),
  ),
  'PUT /api/v3/process/forward_step': proc(
    'acmeTechnicien',
    async (tt) => {
      const w = await mkWorkflow(tt);
      await tt.req('acmeAdmin', 'PUT', '/api/v2/etape/update', { id: w.etapes[0].id, config: { canForward: true } });
      await tt.req('acmeAdmin', 'POST', '/api/v2/etape/create', { processModeleId: w.id, nom: 'Suite' });
      const p = (await tt.req('acmeTechnicien', 'POST', '/api/v3/process/create', { processModeleId: w.id })).json();
      return { url: '/api/v3/process/forward_step', body: { id: p.id } };
    },
    () => ({ url: '/api/v3/process/forward_step', body: { id: 0 } }),
    (j) => expect(j.currentEtapeOrdre).toBe(2),
  ),
  'PUT /api/v3/process/update-status-process': proc(
    'acmeTechnicien',
    async (tt) => ({ url: '/api/v3/process/update-status-process', body: { id: (await mkProcess(tt)).id, status: 'TS' } }),
    () => ({ url: '/api/v3/process/update-status-process', body: { id: 1, status: '' } }),
    (j) => expect(j.content.etat).toBe('en_cours'),
  ),
  'POST /api/process/change_process_state': proc(
    'acmeTechnicien',
    async (tt) => ({ url: '/api/process/change_process_state', body: { id: (await mkProcess(tt)).id, etat: 'inactif' } }),
    () => ({ url: '/api/process/change_process_state', body: { id: 1, etat: 'perdu' } }),
  ),
  'PUT /api/v2/process/inactive': proc(
    'acmeTechnicien',
    async (tt) => {
      const p = await mkProcess(tt);
      return { url: '/api/v2/process/inactive', body: { id: p.id, status: 'ART', etapeIds: [p.w.s1] } };
    },
    () => ({ url: '/api/v2/process/inactive', body: { id: 1, etapeIds: 'toutes' } }),
    (j) => expect(j.etat).toBe('inactif'),
  ),
  'POST /api/v2/process/duplicate': proc(
    'acmeTechnicien',
    async (tt) => ({ url: '/api/v2/process/duplicate', body: { id: (await mkProcess(tt, true)).id } }),
    () => ({ url: '/api/v2/process/duplicate', body: {} }),
  ),
  'POST /api/v3/process/duplicate': proc(
    'acmeTechnicien',
    async (tt) => ({ url: '/api/v3/process/duplicate', body: { id: (await mkProcess(tt, true)).id } }),
    () => ({ url: '/api/v3/process/duplicate', body: {} }),
  ),
  'POST /api/process/etat_etape': proc(
    'acmeTechnicien',
    async (tt) => ({ url: '/api/process/etat_etape', body: { process_id: (await mkProcess(tt)).id, etape_ordre: 1 } }),
    () => ({ url: '/api/process/etat_etape', body: { process_id: 1, etape_ordre: 0 } }),
    (j) => expect(j.etat).toBe(2),
  ),
  'POST /api/process/save/etat_etape_step': proc(
    'acmeTechnicien',
    async (tt) => {
      const p = await mkProcess(tt);
      return { url: '/api/process/save/etat_etape_step', body: { process_id: p.id, etape_id: p.w.s1, etat: 9 } };
    },
    () => ({ url: '/api/process/save/etat_etape_step', body: { process_id: 1, etape_id: 1, etat: 12 } }),
    (j) => expect(j.etat).toBe(9),
  ),
  'GET /api/process/detect_validated_step/{processId}/{etapeOrdre}': proc(
    'acmeTechnicien',
    async (tt) => ({ url: `/api/process/detect_validated_step/${(await mkProcess(tt)).id}/1` }),
    () => ({ url: '/api/process/detect_validated_step/1/0' }),
    (j) => expect(j.validated).toBe(false),
  ),
  'POST /api/process/etape/lacking_signatures': proc(
    'acmeTechnicien',
    async (tt) => {
      const p = await mkProcess(tt);
      return { url: '/api/process/etape/lacking_signatures', body: { process_id: p.id, etape_id: p.w.s2 } };
    },
    () => ({ url: '/api/process/etape/lacking_signatures', body: { process_id: 1 } }),
    (j) => expect(j).toHaveLength(1),
  ),
  'GET /api/v3/process/multi_tabs': proc(
    'acmeTechnicien',
    async (tt) => {
      const p = await mkProcess(tt);
      return { url: `/api/v3/process/multi_tabs?process_id=${p.id}&step_id=${p.w.s1}` };
    },
    () => ({ url: '/api/v3/process/multi_tabs?process_id=1' }),
  ),
  'POST /api/process/synthese': proc(
    'acmeTechnicien',
    async (tt) => ({ url: '/api/process/synthese', body: { id: (await mkProcess(tt)).id } }),
    () => ({ url: '/api/process/synthese', body: { id: 'x' } }),
    (j) => expect(j.etapes[1].signaturesManquantes).toBe(1),
  ),
  'POST /api/process/assign_parents': proc(
    'acmeTechnicien',
    async (tt) => ({
      url: '/api/process/assign_parents',
      body: { processIds: [(await mkProcess(tt)).id], parentId: (await mkProcess(tt)).id },
    }),
    () => ({ url: '/api/process/assign_parents', body: { processIds: [], parentId: null } }),
  ),
  'GET /api/process/get_by_paging': {
    ok: {
      as: 'acmeTechnicien',
      call: () => ({ url: '/api/process/get_by_paging?offset=0&perPage=1&search=transformateur' }),
      check: (j: any) => {
        expect(j.total).toBe(1);
        expect(j.items[0]).toMatchObject({
          processModeleLibelle: 'Consignation électrique',
          etat: 'termine',
          latestStatus: 'Terminé',
          preparateur: 'Camille Moreau',
          dateDebutInteger: 20261124,
        });
      },
    },
    forbidden: { as: 'gammaUser' },
    otherTenant: { as: 'betaAdmin', check: noAcme },
    bad: () => ({ url: '/api/process/get_by_paging?perPage=0' }),
  },
  'GET /api/v2/process/events': {
    ok: {
      as: 'acmeTechnicien',
      call: () => ({ url: '/api/v2/process/events', stream: true }),
      check: (j: any) => expect(j.stream).toContain('event: ready'),
    },
    forbidden: { as: 'gammaUser', call: () => ({ url: '/api/v2/process/events', stream: true }) },
    bad: () => ({ url: '/api/v2/process/events?since=-1', stream: true }),
  },
  'POST /api/process/search_by_paging': {
    ok: {
      as: 'acmeTechnicien',
      call: () => ({
        url: '/api/process/search_by_paging?tz=Europe/Paris',
        body: { variant: 'MES_CONSIGNATIONS', sort: { key: 'dateDebut', order: 'asc' }, perPage: 2 },
      }),
      check: (j: any) => {
        expect(j.items).toHaveLength(2);
        expect(j.nextCursor).toBeTruthy();
        expect(j.totalExact).toBe(true);
      },
    },
    forbidden: { as: 'gammaUser', call: () => ({ url: '/api/process/search_by_paging', body: {} }) },
    otherTenant: {
      as: 'betaAdmin',
      call: () => ({ url: '/api/process/search_by_paging', body: { variant: 'MES_CONSIGNATIONS' } }),
      check: (j: any) => expect(j.items).toEqual([]),
    },
    bad: () => ({ url: '/api/process/search_by_paging', body: { variant: 'MES_CHATS' } }),
  },
  'GET /api/processes': {
    ok: {
      as: 'acmeTechnicien',
      call: () => ({ url: '/api/processes?variant=PERMIS' }),
      check: (j: any) => expect(j.items.every((r: any) => r.processModeleLibelle === 'Permis de feu')).toBe(true),
    },
    forbidden: { as: 'gammaUser', call: () => ({ url: '/api/processes' }) },
    otherTenant: {
      as: 'betaAdmin',
      call: () => ({ url: '/api/processes?variant=PERMIS' }),
      check: (j: any) => expect(j.items).toEqual([]),
    },
    bad: () => ({ url: '/api/processes?perPage=5000' }),
  },
  'GET /api/processes/all_parents': {
    ok: { as: 'acmeTechnicien', call: () => ({ url: '/api/processes/all_parents' }) },
    forbidden: { as: 'gammaUser' },
    otherTenant: { as: 'betaAdmin', check: (j: any) => expect(j).toEqual([]) },
  },
  'POST /api/process/delete_process_subprocesses': {
    ...proc(
      'acmeAdmin',
      async (tt) => ({ url: '/api/process/delete_process_subprocesses', body: { id: (await mkProcess(tt)).id } }),
      () => ({ url: '/api/process/delete_process_subprocesses', body: {} }),
    ),
    forbidden: {
      as: 'acmeTechnicien',
      call: async (tt: TestApp) => ({ url: '/api/process/delete_process_subprocesses', body: { id: (await mkProcess(tt)).id } }),
    },
  },
  'POST /api/v3/process_sequencing/create': proc(
    'acmeTechnicien',
    async (tt) => ({
      url: '/api/v3/process_sequencing/create',
      body: { processId: (await mkProcess(tt)).id, lockedByProcessId: (await mkProcess(tt)).id },
    }),
    () => ({ url: '/api/v3/process_sequencing/create', body: { processId: 1, lockedByProcessId: 1 } }),
  ),
  'DELETE /api/v3/process_sequencing/delete/{id}': proc(
    'acmeTechnicien',
    async (tt) => {
      const r = await tt.req('acmeTechnicien', 'POST', '/api/v3/process_sequencing/create', {
        processId: (await mkProcess(tt)).id,
        lockedByProcessId: (await mkProcess(tt)).id,
      });
      return { url: `/api/v3/process_sequencing/delete/${r.json().id}` };
    },
    () => ({ url: '/api/v3/process_sequencing/delete/x' }),
  ),
  'DELETE /api/v2/process/remove_file': {
    ...proc(
      'acmeTechnicien',
      async (tt) => ({ url: `/api/v2/process/remove_file?id=${await mkFile(tt)}` }),
      () => ({ url: '/api/v2/process/remove_file?id=x' }),
    ),
  },
  'POST /api/v2/signature/register': proc(
    'acmeTechnicien',
    async (tt) => {
      const p = await mkProcess(tt);
      return { url: '/api/v2/signature/register', body: { processId: p.id, metriqueId: p.w.sig, image: IMG } };
    },
    () => ({ url: '/api/v2/signature/register', body: { processId: 1, metriqueId: 1, image: 'x' } }),
  ),
  'DELETE /api/v2/signature': proc(
    'acmeTechnicien',
    async (tt) => {
      const p = await mkProcess(tt);
      await tt.req('acmeTechnicien', 'POST', '/api/v2/signature/register', { processId: p.id, metriqueId: p.w.sig, image: IMG });
      return { url: `/api/v2/signature?processId=${p.id}&metriqueId=${p.w.sig}` };
    },
    () => ({ url: '/api/v2/signature?processId=1' }),
  ),
} satisfies Record<string, Row>);
const PDF = Buffer.from('%PDF-1.4\n% test\n');
let fileWf: Promise<{ id: number; field: number }> | null = null;
const fileWorkflow = (tt: TestApp) => {
  fileWf ??= (async () => {
    const w = await mkWorkflow(tt);
    const field = (
      await tt.req('acmeAdmin', 'PUT', '/api/v2/etape/assign_metrique', {
        etapeId: w.etapes[0].id,
        nom: 'Plans',
        dataType: 'file',
        propertyValues: { accept: ['pdf', 'png'] },
      })
    ).json().id as number;
    return { id: w.id, field };
  })();
  return fileWf;
};
/** Uploads through the real route, as an actor. */
async function upload(
  tt: TestApp,
  as: Actor,
  processId: number,
  field: number,
  name = 'plan.pdf',
  mime = 'application/pdf',
  content = PDF,
) {
  const m = multipart(name, mime, content);
  return tt.server.app.inject({
    method: 'POST',
    url: `/api/v2/process/upload_file?process_id=${processId}&metrique_id=${field}`,
    headers: { cookie: await tt.cookieOf(as), 'content-type': m.contentType },
    payload: m.body,
  });
}
const mkFileProcess = async (tt: TestApp) => {
  const w = await fileWorkflow(tt);
  const p = (await tt.req('acmeTechnicien', 'POST', '/api/v3/process/create', { processModeleId: w.id })).json();
  return { id: p.id as number, field: w.field };
};
Object.assign(ROWS, {
  'POST /api/v2/process/upload_file': proc(
    'acmeTechnicien',
    async (tt) => {
      const p = await mkFileProcess(tt);
      return {
        url: `/api/v2/process/upload_file?process_id=${p.id}&metrique_id=${p.field}`,
        file: { name: 'plan.pdf', mime: 'application/pdf', content: PDF },
      };
    },
    async (tt) => {
      const p = await mkFileProcess(tt);
      return {
        url: `/api/v2/process/upload_file?process_id=${p.id}&metrique_id=${p.field}`,
        file: { name: 'plan.exe', mime: 'application/octet-stream', content: PDF },
      };
    },
    (j) => expect(j).toMatchObject({ nom: 'plan.pdf', taille: PDF.length }),
  ),
  'GET /api/v2/process/download_file': proc(
    'acmeTechnicien',
    async (tt) => {
      const p = await mkFileProcess(tt);
      const r = await upload(tt, 'acmeTechnicien', p.id, p.field);
      return { url: `/api/v2/process/download_file?id=${r.json().id}` };
    },
    () => ({ url: '/api/v2/process/download_file?id=x' }),
  ),
} satisfies Record<string, Row>);

/** A file row, inserted the way the upload route stores it. */
async function mkFile(tt: TestApp) {
  const p = await mkProcess(tt);
  const { processFile } = await import('../src/modules/process/process.tables.ts');
  const { withTenant } = await import('../src/platform/db/tenant.ts');
  const [f] = await withTenant(tt.server.database.db, tt.ids.acme, (tx) =>
    tx
      .insert(processFile)
      .values({
        entrepriseId: tt.ids.acme,
        processId: p.id,
        metriqueId: p.w.text,
        nom: 'plan.pdf',
        mime: 'application/pdf',
        taille: 10,
        chemin: '/nonexistent/plan.pdf',
        uploadedById: tt.ids.user.acmeTechnicien,
      })
      .returning(),
  );
  return f.id;
}

// Boards, filters, displays
const mkTableau = async (tt: TestApp) => {
  const w = await processWorkflow(tt);
  const r = await tt.req('acmeAdmin', 'POST', '/api/v2/tableau/create', {
    nom: `Tableau ${Math.random()}`,
    workflows: [w.id],
    metriques: [w.text],
  });
  expect(r.statusCode, r.body).toBe(200);
  return { id: r.json().id as number, w };
};
const mkFiltre = async (tt: TestApp) => {
  const b = await mkTableau(tt);
  const r = await tt.req('acmeAdmin', 'POST', '/api/v2/filtre/create', {
    tableauId: b.id,
    nom: 'En cours',
    criteres: [{ champ: 'etat', operateur: 'equals', valeur: 'en_cours' }],
  });
  return { id: r.json().id as number, tableauId: b.id };
};
const mkAffichage = async (tt: TestApp, personnel = false) => {
  const b = await mkTableau(tt);
  const r = await tt.req('acmeAdmin', 'POST', '/api/v2/affichage/create', {
    tableauId: b.id,
    nom: 'Compact',
    colonnes: [{ key: 'nomProcess', visible: true }],
    personnel,
  });
  return { id: r.json().id as number, tableauId: b.id };
};
const board = (
  as: Actor,
  build: (tt: TestApp) => Promise<Call>,
  bad: Build,
  forbiddenAs: Actor = 'acmeTechnicien',
  check?: (j: any, tt: TestApp) => void,
): Row => ({
  ok: { as, call: build, check },
  forbidden: { as: forbiddenAs, call: build },
  otherTenant: { as: 'betaAdmin', call: build },
  bad,
});
Object.assign(ROWS, {
  'GET /api/v2/tableau/get_by_entreprise_logiciel': {
    ok: {
      as: 'acmeTechnicien',
      call: async (tt: TestApp) => {
        await mkTableau(tt);
        return { url: '/api/v2/tableau/get_by_entreprise_logiciel' };
      },
      check: (j: any) => expect(j.length).toBeGreaterThan(0),
    },
    forbidden: { as: 'gammaUser' },
    otherTenant: { as: 'betaAdmin', check: (j: any) => expect(j).toEqual([]) },
    bad: () => ({ url: '/api/v2/tableau/get_by_entreprise_logiciel?logicielId=x' }),
  },
  'GET /api/v2/tableau/get/{id}': board(
    'acmeTechnicien',
    async (tt) => ({ url: `/api/v2/tableau/get/${(await mkTableau(tt)).id}` }),
    () => ({ url: '/api/v2/tableau/get/x' }),
    'gammaUser',
  ),
  'GET /api/v2/tableau/formualire/get/ees': {
    ok: { as: 'acmeAdmin', call: () => ({ url: '/api/v2/tableau/formualire/get/ees' }) },
    forbidden: { as: 'gammaUser' },
    otherTenant: { as: 'betaAdmin', check: (j: any) => expect(j).toEqual([]) },
  },
  'POST /api/v2/tableau/create': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => ({
        url: '/api/v2/tableau/create',
        body: { nom: 'Mes consignations', workflows: [(await processWorkflow(tt)).id] },
      }),
      check: (j: any) => expect(j.abilities.update).toBe(true),
    },
    forbidden: { as: 'acmeTechnicien', call: () => ({ url: '/api/v2/tableau/create', body: { nom: 'Non' } }) },
    otherTenant: {
      as: 'betaAdmin',
      call: async (tt: TestApp) => ({ url: '/api/v2/tableau/create', body: { nom: 'Volé', workflows: [(await processWorkflow(tt)).id] } }),
    },
    bad: () => ({ url: '/api/v2/tableau/create', body: { nom: '' } }),
  },
  'PUT /api/v2/tableau/update': board(
    'acmeAdmin',
    async (tt) => ({ url: '/api/v2/tableau/update', body: { id: (await mkTableau(tt)).id, nom: 'Renommé' } }),
    () => ({ url: '/api/v2/tableau/update', body: { id: 'x' } }),
  ),
  'DELETE /api/v2/tableau/delete/{id}': board(
    'acmeAdmin',
    async (tt) => ({ url: `/api/v2/tableau/delete/${(await mkTableau(tt)).id}` }),
    () => ({ url: '/api/v2/tableau/delete/x' }),
  ),
  'GET /api/v2/filtre/get': board(
    'acmeTechnicien',
    async (tt) => ({ url: `/api/v2/filtre/get?tableauId=${(await mkFiltre(tt)).tableauId}` }),
    () => ({ url: '/api/v2/filtre/get' }),
    'gammaUser',
    (j) => expect(j[0].nom).toBe('En cours'),
  ),
  'POST /api/v2/filtre/create': board(
    'acmeAdmin',
    async (tt) => ({
      url: '/api/v2/filtre/create',
      body: {
        tableauId: (await mkTableau(tt)).id,
        nom: 'Cette semaine',
        criteres: [{ champ: 'dateDebut', operateur: 'between', valeur: ['2026-11-23T00:00:00+01:00', '2026-11-30T00:00:00+01:00'] }],
      },
    }),
    async (tt) => ({
      url: '/api/v2/filtre/create',
      body: { tableauId: (await mkTableau(tt)).id, nom: 'X', criteres: [{ champ: 'dateDebut', operateur: 'gt', valeur: 'hier' }] },
    }),
  ),
  'PUT /api/v2/filtre/update': board(
    'acmeAdmin',
    async (tt) => ({ url: '/api/v2/filtre/update', body: { id: (await mkFiltre(tt)).id, nom: 'Actifs' } }),
    () => ({ url: '/api/v2/filtre/update', body: { id: 1, criteres: [{ champ: 'inconnu', operateur: 'equals' }] } }),
  ),
  'DELETE /api/v2/filtre/delete/{id}': board(
    'acmeAdmin',
    async (tt) => ({ url: `/api/v2/filtre/delete/${(await mkFiltre(tt)).id}` }),
    () => ({ url: '/api/v2/filtre/delete/x' }),
  ),
  'PUT /api/v2/filtre/arrange': board(
    'acmeAdmin',
    async (tt) => ({ url: '/api/v2/filtre/arrange', body: { ids: [(await mkFiltre(tt)).id] } }),
    () => ({ url: '/api/v2/filtre/arrange', body: { ids: [] } }),
  ),
  'GET /api/v2/affichage/get': board(
    'acmeTechnicien',
    async (tt) => ({ url: `/api/v2/affichage/get?tableauId=${(await mkAffichage(tt)).tableauId}` }),
    () => ({ url: '/api/v2/affichage/get?tableauId=x' }),
    'gammaUser',
    (j) => expect(j).toHaveLength(1),
  ),
  'POST /api/v2/affichage/create': board(
    'acmeTechnicien',
    async (tt) => ({
      url: '/api/v2/affichage/create',
      body: {
        tableauId: (await mkTableau(tt)).id,
        nom: 'Le mien',
        colonnes: [{ key: 'numero', visible: true, width: 80 }],
        tri: { key: 'numero', order: 'desc' },
        personnel: true,
      },
    }),
    () => ({ url: '/api/v2/affichage/create', body: { nom: '', colonnes: [] } }),
    'gammaUser',
    (j) => expect(j.personnel).toBe(true),
  ),
  'PUT /api/v2/affichage/update': board(
    'acmeAdmin',
    async (tt) => ({ url: '/api/v2/affichage/update', body: { id: (await mkAffichage(tt)).id, nom: 'Large' } }),
    () => ({ url: '/api/v2/affichage/update', body: { id: 1, colonnes: [{ key: '' }] } }),
  ),
  'DELETE /api/v2/affichage/delete/{id}': board(
    'acmeAdmin',
    async (tt) => ({ url: `/api/v2/affichage/delete/${(await mkAffichage(tt)).id}` }),
    () => ({ url: '/api/v2/affichage/delete/x' }),
  ),
  'PUT /api/v2/affichage/arrange': board(
    'acmeAdmin',
    async (tt) => ({ url: '/api/v2/affichage/arrange', body: { ids: [(await mkAffichage(tt)).id] } }),
    () => ({ url: '/api/v2/affichage/arrange', body: { ids: 'x' } }),
  ),
  'GET /api/v2/etat_process/get': board(
    'acmeTechnicien',
    async (tt) => ({ url: `/api/v2/etat_process/get?tableauId=${(await mkTableau(tt)).id}` }),
    () => ({ url: '/api/v2/etat_process/get?tableauId=x' }),
    'gammaUser',
    (j) => expect(j.map((e: any) => e.etat)).toEqual(['en_cours', 'termine', 'inactif']),
  ),
  'GET /api/v3/process/get_for_tableau': board(
    'acmeTechnicien',
    async (tt) => {
      const f = await mkFiltre(tt);
      await mkProcess(tt, true);
      return { url: `/api/v3/process/get_for_tableau?tableauId=${f.tableauId}&filtreId=${f.id}` };
    },
    () => ({ url: '/api/v3/process/get_for_tableau' }),
    'gammaUser',
    (j) => expect(j.items[0].valeurs).toBeTruthy(),
  ),
} satisfies Record<string, Row>);

// Service models: the three flavours share their shape.
for (const [suffix, path] of [
  ['', 'create'],
  ['EE', 'createEE'],
  ['_fournisseur', 'create_fournisseur'],
] as const) {
  const upd = suffix === '' ? 'update' : suffix === 'EE' ? 'updateEE' : 'update_fournisseur';
  const del = suffix === '' ? 'delete' : suffix === 'EE' ? 'deleteEE' : 'delete_fournisseur';
  ROWS[`POST /api/v2/service_modele/${path}`] = {
    ok: { as: 'acmeAdmin', call: () => ({ url: `/api/v2/service_modele/${path}`, body: { libelle: 'Électricité', couleur: '#112233' } }) },
    forbidden: { as: 'acmeResponsable', call: () => ({ url: `/api/v2/service_modele/${path}`, body: { libelle: 'X' } }) },
    bad: () => ({ url: `/api/v2/service_modele/${path}`, body: { libelle: '', couleur: 'rouge' } }),
  };
  ROWS[`PUT /api/v2/service_modele/${upd}`] = {
    ok: {
      as: 'acmeAdmin',
      call: async (tt) => ({
        url: `/api/v2/service_modele/${upd}`,
        body: { id: await mkService(tt, `/api/v2/service_modele/${path}`), libelle: 'Renommé' },
      }),
    },
    forbidden: {
      as: 'acmeTechnicien',
      call: (tt) => ({ url: `/api/v2/service_modele/${upd}`, body: { id: tt.ids.acmeService, libelle: 'X' } }),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: async (tt) => ({
        url: `/api/v2/service_modele/${upd}`,
        body: { id: await mkService(tt, `/api/v2/service_modele/${path}`), libelle: 'Volé' },
      }),
    },
    bad: () => ({ url: `/api/v2/service_modele/${upd}`, body: { libelle: 'Sans id' } }),
  };
  ROWS[`DELETE /api/v2/service_modele/${del}/{id}`] = {
    ok: {
      as: 'acmeAdmin',
      call: async (tt) => ({ url: `/api/v2/service_modele/${del}/${await mkService(tt, `/api/v2/service_modele/${path}`)}` }),
    },
    forbidden: { as: 'acmeTechnicien', call: (tt) => ({ url: `/api/v2/service_modele/${del}/${tt.ids.acmeService}` }) },
    otherTenant: {
      as: 'betaAdmin',
      call: async (tt) => ({ url: `/api/v2/service_modele/${del}/${await mkService(tt, `/api/v2/service_modele/${path}`)}` }),
    },
    bad: () => ({ url: `/api/v2/service_modele/${del}/zero` }),
  };
}
Object.assign(ROWS, {
  'GET /api/v2/service_modele/get': {
    ok: {
      as: 'acmeTechnicien',
      call: () => ({ url: '/api/v2/service_modele/get' }),
      check: (j: any) => expect(j.find((s: any) => s.libelle === 'Maintenance').nbUtilisateurs).toBe(2),
    },
    otherTenant: { as: 'betaAdmin', check: noAcme },
    bad: () => ({ url: '/api/v2/service_modele/get?type=autre' }),
  },
  'GET /api/v2/service_modele/client/get': {
    ok: {
      as: 'acmeAdmin',
      call: () => ({ url: '/api/v2/service_modele/client/get' }),
      check: (j: any) => expect(j.every((s: any) => s.type === 'client')).toBe(true),
    },
    otherTenant: { as: 'betaAdmin', check: noAcme },
  },
  'GET /api/v2/get_service_modele_ee/get': {
    ok: {
      as: 'acmeAdmin',
      call: () => ({ url: '/api/v2/get_service_modele_ee/get' }),
      check: (j: any) => expect(j.every((s: any) => s.type === 'provider')).toBe(true),
    },
    otherTenant: { as: 'betaAdmin', check: noAcme },
  },
  'GET /api/fetchServiceModeles/{id}': {
    ok: { as: 'acmeAdmin', call: (tt: TestApp) => ({ url: `/api/fetchServiceModeles/${tt.ids.acme}` }) },
    otherTenant: { as: 'betaAdmin', call: (tt: TestApp) => ({ url: `/api/fetchServiceModeles/${tt.ids.acme}` }) },
    bad: () => ({ url: '/api/fetchServiceModeles/abc' }),
  },
  'PUT /api/v2/service_modele/arrange': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => ({ url: '/api/v2/service_modele/arrange', body: { ids: [await mkService(tt), tt.ids.acmeService] } }),
    },
    forbidden: {
      as: 'acmeTechnicien',
      call: (tt: TestApp) => ({ url: '/api/v2/service_modele/arrange', body: { ids: [tt.ids.acmeService] } }),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: (tt: TestApp) => ({ url: '/api/v2/service_modele/arrange', body: { ids: [tt.ids.acmeService] } }),
    },
    bad: () => ({ url: '/api/v2/service_modele/arrange', body: { ids: 'tous' } }),
  },
} satisfies Record<string, Row>);

// Users
const U = (p: string) => p;
Object.assign(ROWS, {
  'GET /api/utilisateurs/get_by_company': {
    ok: {
      as: 'acmeResponsable',
      call: () => ({ url: '/api/utilisateurs/get_by_company?search=moreau' }),
      check: (j: any) => expect(j.items.map((u: any) => u.mail)).toEqual(['technicien@acme.demo.fr']),
    },
    otherTenant: { as: 'betaAdmin', check: noAcme },
    bad: () => ({ url: '/api/utilisateurs/get_by_company?perPage=0' }),
  },
  'GET /api/utilisateurs/{id}': {
    ok: { as: 'acmeTechnicien', call: (tt: TestApp) => ({ url: `/api/utilisateurs/${tt.ids.user.acmeAdmin}` }) },
    otherTenant: { as: 'betaAdmin', call: (tt: TestApp) => ({ url: `/api/utilisateurs/${tt.ids.user.acmeAdmin}` }) },
    bad: () => ({ url: '/api/utilisateurs/abc' }),
  },
  'GET /api/utilisateurs/get/user_entreprise/{id}': {
    ok: {
      as: 'acmeAdmin',
      call: (tt: TestApp) => ({ url: `/api/utilisateurs/get/user_entreprise/${tt.ids.gamma}` }),
      check: (j: any) => expect(j.map((u: any) => u.mail)).toEqual(['intervenant@gamma.demo.fr']),
    },
    otherTenant: { as: 'betaAdmin', call: (tt: TestApp) => ({ url: `/api/utilisateurs/get/user_entreprise/${tt.ids.acme}` }) },
    bad: () => ({ url: '/api/utilisateurs/get/user_entreprise/0' }),
  },
  'POST /api/utilisateurs/get/user_entreprises': {
    ok: {
      as: 'acmeAdmin',
      call: (tt: TestApp) => ({
        url: '/api/utilisateurs/get/user_entreprises',
        body: { user_ids: [tt.ids.user.acmeTechnicien, tt.ids.user.betaAdmin] },
      }),
      check: (j: any) => expect(j.map((u: any) => u.mail)).toEqual(['technicien@acme.demo.fr']),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: (tt: TestApp) => ({ url: '/api/utilisateurs/get/user_entreprises', body: { user_ids: [tt.ids.user.acmeTechnicien] } }),
      check: (j: any) => expect(j).toEqual([]),
    },
    bad: () => ({ url: '/api/utilisateurs/get/user_entreprises', body: { user_ids: 'all' } }),
  },
  'GET /api/utilisateur/entreprise_service_modele/{id}': {
    ok: {
      as: 'acmeAdmin',
      call: (tt: TestApp) => ({ url: `/api/utilisateur/entreprise_service_modele/${tt.ids.acmeService}` }),
      check: (j: any) => expect(j.length).toBe(2),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: (tt: TestApp) => ({ url: `/api/utilisateur/entreprise_service_modele/${tt.ids.acmeService}` }),
      check: (j: any) => expect(j).toEqual([]),
    },
    bad: () => ({ url: '/api/utilisateur/entreprise_service_modele/x' }),
  },
  'POST /api/utilisateur/entreprise': {
    ok: {
      as: 'acmeAdmin',
      call: (tt: TestApp) => ({ url: '/api/utilisateur/entreprise', body: { entreprise_id: tt.ids.acme } }),
      check: (j: any) => expect(j.length).toBeGreaterThanOrEqual(3),
    },
    otherTenant: { as: 'betaAdmin', call: (tt: TestApp) => ({ url: '/api/utilisateur/entreprise', body: { entreprise_id: tt.ids.acme } }) },
    bad: () => ({ url: '/api/utilisateur/entreprise', body: {} }),
  },
  'POST /api/utilisateur/get_all_user_ee': {
    ok: {
      as: 'acmeAdmin',
      call: () => ({ url: '/api/utilisateur/get_all_user_ee' }),
      check: (j: any) => expect(j.map((u: any) => u.mail)).toEqual(['intervenant@gamma.demo.fr']),
    },
    otherTenant: { as: 'betaAdmin', check: (j: any) => expect(j).toEqual([]) },
  },
  'POST /api/utilisateur/entreprises': {
    ok: {
      as: 'acmeAdmin',
      call: () => ({ url: '/api/utilisateur/entreprises', body: {} }),
      check: (j: any) => expect(j.some((u: any) => u.mail === 'intervenant@gamma.demo.fr')).toBe(true),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: (tt: TestApp) => ({ url: '/api/utilisateur/entreprises', body: { entreprise_ids: [tt.ids.acme] } }),
    },
    bad: () => ({ url: '/api/utilisateur/entreprises', body: { entreprise_ids: ['a'] } }),
  },
  'GET /api/utilisateurs/get_utilisateurs/{id}': {
    ok: {
      as: 'acmeTechnicien',
      call: (tt: TestApp) => ({ url: `/api/utilisateurs/get_utilisateurs/${tt.ids.acme}` }),
      check: (j: any) => expect(j[0].fullName).toBeTruthy(),
    },
    otherTenant: { as: 'betaAdmin', call: (tt: TestApp) => ({ url: `/api/utilisateurs/get_utilisateurs/${tt.ids.acme}` }) },
    bad: () => ({ url: '/api/utilisateurs/get_utilisateurs/-1' }),
  },
  'GET /api/getUserName/{id}': {
    ok: {
      as: 'acmeTechnicien',
      call: (tt: TestApp) => ({ url: `/api/getUserName/${tt.ids.user.acmeAdmin}` }),
      check: (j: any) => expect(j.fullName).toBe('Alice Durand'),
    },
    otherTenant: { as: 'betaAdmin', call: (tt: TestApp) => ({ url: `/api/getUserName/${tt.ids.user.acmeAdmin}` }) },
    bad: () => ({ url: '/api/getUserName/abc' }),
  },
  'GET /api/getUserProfil/{id}': {
    ok: {
      as: 'acmeAdmin',
      call: (tt: TestApp) => ({ url: `/api/getUserProfil/${tt.ids.user.acmeResponsable}` }),
      check: (j: any) => expect(j.libelle).toBe('Responsable'),
    },
    otherTenant: { as: 'betaAdmin', call: (tt: TestApp) => ({ url: `/api/getUserProfil/${tt.ids.user.acmeAdmin}` }) },
    bad: () => ({ url: '/api/getUserProfil/abc' }),
  },
  'POST /api/v2/utilisateur/create': {
    ok: {
      as: 'acmeAdmin',
      call: (tt: TestApp) => ({
        url: '/api/v2/utilisateur/create',
        body: {
          nom: 'Bernard',
          prenom: 'Hugo',
          mail: 'hugo.bernard@acme.test',
          profilId: 6,
          serviceId: tt.ids.acmeService,
          couleur: '#aa0000',
          coutHoraire: 42.5,
          dateNaissance: '1990-04-01',
        },
      }),
      check: (j: any) => expect(j.authenticated).toBe(false),
    },
    forbidden: {
      as: 'acmeResponsable',
      call: () => ({ url: '/api/v2/utilisateur/create', body: { nom: 'X', prenom: 'Y', mail: 'x.y@acme.test', profilId: 6 } }),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: (tt: TestApp) => ({
        url: '/api/v2/utilisateur/create',
        body: { nom: 'X', prenom: 'Y', mail: 'x.z@acme.test', profilId: 6, entrepriseId: tt.ids.acme },
      }),
    },
    bad: () => ({ url: '/api/v2/utilisateur/create', body: { nom: '', prenom: 'Y', mail: 'pas-un-mail', profilId: 6 } }),
  },
  'PUT /api/v2/utilisateur/update': {
    ok: {
      as: 'acmeAdmin',
      call: (tt: TestApp) => ({
        url: '/api/v2/utilisateur/update',
        body: { id: tt.ids.user.acmeTechnicien, fonction: 'Cheffe d’équipe', codeRfid: 'RFID-001' },
      }),
      check: (j: any) => expect(j.fonction).toBe('Cheffe d’équipe'),
    },
    forbidden: {
      as: 'acmeTechnicien',
      call: (tt: TestApp) => ({ url: '/api/v2/utilisateur/update', body: { id: tt.ids.user.acmeTechnicien, fonction: 'X' } }),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: (tt: TestApp) => ({ url: '/api/v2/utilisateur/update', body: { id: tt.ids.user.acmeTechnicien, fonction: 'X' } }),
    },
    bad: (tt: TestApp) => ({ url: '/api/v2/utilisateur/update', body: { id: tt.ids.user.acmeTechnicien, couleur: 'bleu' } }),
  },
  'POST /api/utilisateur/{userId}/active': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => ({ url: `/api/utilisateur/${await mkUser(tt)}/active` }),
      check: (j: any) => expect(j.enable).toBe(true),
    },
    forbidden: { as: 'acmeTechnicien', call: (tt: TestApp) => ({ url: `/api/utilisateur/${tt.ids.user.acmeTechnicien}/active` }) },
    otherTenant: { as: 'betaAdmin', call: (tt: TestApp) => ({ url: `/api/utilisateur/${tt.ids.user.acmeTechnicien}/active` }) },
    bad: () => ({ url: '/api/utilisateur/abc/active' }),
  },
  'DELETE /api/utilisateur/{userId}/active': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => ({ url: `/api/utilisateur/${await mkUser(tt)}/active` }),
      check: (j: any) => expect(j.enable).toBe(false),
    },
    forbidden: { as: 'acmeTechnicien', call: (tt: TestApp) => ({ url: `/api/utilisateur/${tt.ids.user.acmeTechnicien}/active` }) },
    otherTenant: { as: 'betaAdmin', call: (tt: TestApp) => ({ url: `/api/utilisateur/${tt.ids.user.acmeTechnicien}/active` }) },
    bad: () => ({ url: '/api/utilisateur/abc/active' }),
  },
  'POST /api/utilisateur/delete_complete': {
    ok: {
      as: 'acmeAdmin',
      call: async (tt: TestApp) => ({ url: '/api/utilisateur/delete_complete', body: { user_id: await mkUser(tt) } }),
    },
    forbidden: {
      as: 'acmeResponsable',
      call: (tt: TestApp) => ({ url: '/api/utilisateur/delete_complete', body: { user_id: tt.ids.user.acmeTechnicien } }),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: (tt: TestApp) => ({ url: '/api/utilisateur/delete_complete', body: { user_id: tt.ids.user.acmeTechnicien } }),
    },
    bad: () => ({ url: '/api/utilisateur/delete_complete', body: { user_id: null } }),
  },
  'POST /api/utilisateur/save_setting': {
    ok: {
      as: 'acmeTechnicien',
      call: () => ({ url: '/api/utilisateur/save_setting', body: { settings: { languageCode: 'en' } } }),
      check: (j: any) => expect(j.settings.languageCode).toBe('en'),
    },
    bad: () => ({ url: '/api/utilisateur/save_setting', body: { settings: 'en' } }),
  },
  'GET /api/changeRole/{id}': {
    ok: { as: 'acmeResponsable', call: () => ({ url: '/api/changeRole/6' }), check: (j: any) => expect(j.profil.code).toBe('utilisateur') },
    forbidden: { as: 'acmeTechnicien', call: () => ({ url: '/api/changeRole/2' }) },
    bad: () => ({ url: '/api/changeRole/abc' }),
  },
  'GET /api/getHabilitationsByEntreprise/{id}': {
    ok: {
      as: 'acmeTechnicien',
      call: (tt: TestApp) => ({ url: `/api/getHabilitationsByEntreprise/${tt.ids.acme}` }),
      check: (j: any) => expect(j.find((h: any) => h.code === 'BR').titulaires.length).toBe(1),
    },
    otherTenant: { as: 'betaAdmin', call: (tt: TestApp) => ({ url: `/api/getHabilitationsByEntreprise/${tt.ids.acme}` }) },
    bad: () => ({ url: '/api/getHabilitationsByEntreprise/x' }),
  },
  'GET /api/customGetHabilitationByEntreprise': {
    ok: {
      as: 'acmeResponsable',
      call: () => ({ url: '/api/customGetHabilitationByEntreprise' }),
      check: (j: any) => expect(j.length).toBe(4),
    },
    otherTenant: { as: 'betaAdmin', check: (j: any) => expect(j).toEqual([]) },
  },
  'GET /api/utilisateur/messsage_collationne/{userId}': {
    ok: {
      as: 'acmeAdmin',
      call: (tt: TestApp) => ({ url: `/api/utilisateur/messsage_collationne/${tt.ids.user.acmeTechnicien}` }),
      check: (j: any) => expect(j[0].numero).toBe(1),
    },
    otherTenant: {
      as: 'betaAdmin',
      call: (tt: TestApp) => ({ url: `/api/utilisateur/messsage_collationne/${tt.ids.user.acmeTechnicien}` }),
    },
    bad: () => ({ url: '/api/utilisateur/messsage_collationne/x' }),
  },
  'GET /api/utilisateur/messsage_collationne': {
    ok: {
      as: 'acmeTechnicien',
      call: () => ({ url: '/api/utilisateur/messsage_collationne' }),
      check: (j: any) => expect(j.length).toBe(1),
    },
    otherTenant: { as: 'betaAdmin', check: (j: any) => expect(j).toEqual([]) },
  },
} satisfies Record<string, Row>);
void U;

const key = (e: AnyEndpoint) => `${e.method} ${e.path}`;

/** Sends a call as an actor (or anonymously): JSON, or multipart when it carries a file. */
async function send(as: Actor | null, method: string, c: Call) {
  if (c.stream) {
    const r = await readStream((await t.baseUrl()) + c.url, as ? await t.cookieOf(as) : null, (text) => text.includes('event: ready'));
    return { statusCode: r.status, body: r.text, json: () => (r.status === 200 ? { stream: r.text } : JSON.parse(r.text)) };
  }
  if (!c.file) return t.req(as, method, c.url, c.body);
  const m = multipart(c.file.name, c.file.mime, c.file.content);
  const headers: Record<string, string> = { 'content-type': m.contentType };
  if (as) headers.cookie = await t.cookieOf(as);
  return t.server.app.inject({ method: method as 'POST', url: c.url, headers, payload: m.body });
}

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('endpoint matrix', () => {
  it('has a row for every endpoint of the contracts', () => {
    const missing = allEndpoints()
      .map(key)
      .filter((k) => !ROWS[k]);
    expect(missing).toEqual([]);
  });

  for (const e of allEndpoints()) {
    const row = ROWS[key(e)];
    if (!row) continue;
    describe(key(e), () => {
      if (e.access.kind !== 'public') {
        it('401 without a session', async () => {
          const c = await row.ok.call(t);
          const r = await send(null, e.method, c);
          expect(r.statusCode).toBe(401);
          expect(r.json().message).toMatch(/connecter|Session/);
        });
      }
      if (row.forbidden) {
        const f = row.forbidden;
        it(`403 for ${f.as}`, async () => {
          const c = await (f.call ?? row.ok.call)(t);
          const r = await send(f.as, e.method, c);
          expect(r.statusCode, r.body).toBe(403);
          expect(r.json().message).toBeTruthy();
        });
      }
      if (row.otherTenant) {
        const o = row.otherTenant;
        it(`another company (${o.as}) gets nothing of Acme`, async () => {
          const c = await (o.call ?? row.ok.call)(t);
          const r = await send(o.as, e.method, c);
          if (o.check) {
            expect(r.statusCode, r.body).toBe(200);
            o.check(r.json(), t);
          } else {
            expect([403, 404], r.body).toContain(r.statusCode);
          }
        });
      }
      if (row.bad) {
        const bad = row.bad;
        it('400 with a French message on bad input', async () => {
          const c = await bad(t);
          const r = await send(row.ok.as, e.method, c);
          expect(r.statusCode, r.body).toBe(400);
          expect(r.json().code).toBe('VALIDATION');
          // A French sentence, never a raw validator or database text.
          expect(r.json().message).toMatch(/^[A-ZÀ-Ý][^\n]{5,}\.$/);
          expect(r.json().message).not.toMatch(/\berror\b|\binvalid\b|\bexpected\b/i);
        });
      }
      it(`succeeds for ${row.ok.as}`, async () => {
        const c = await row.ok.call(t);
        const r = await send(row.ok.as, e.method, c);
        expect(r.statusCode, r.body).toBe(e.status ?? 200);
        row.ok.check?.(r.json(), t);
      });
    });
  }
});

import { expect } from 'vitest';
import { codeIn, type TestApp } from '../harness.ts';
import { matrixRows } from './kit.ts';

/** A new company, created by the super admin. */
export const mkCompany = async (t: TestApp) => {
  const r = await t.req('superadmin', 'POST', '/api/entreprise/create_entreprise', { nom: `Delta ${Math.random()}` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().id as number;
};

export const rows = matrixRows({
  entreprise: {
    list: {
      ok: {
        as: 'superadmin',
        call: () => ({ url: '/api/entreprise/get_entreprises' }),
        check: (j) => expect(j.length).toBeGreaterThanOrEqual(4),
      },
      other: {
        as: 'betaAdmin',
        unseen: { kind: 'entreprise' },
        check: (j, t) => expect(j.map((e: any) => e.id)).toEqual([t.ids.beta]),
      },
    },
    create: {
      ok: { as: 'superadmin', call: () => ({ url: '/api/entreprise/create_entreprise', body: { nom: 'Epsilon', eu: true, clients: [] } }) },
      other: {
        as: 'betaAdmin',
        call: (t) => ({
          url: '/api/entreprise/create_entreprise',
          body: { nom: 'Zêta', eu: true, clients: [{ entrepriseId: t.ids.acme, type: 'prestataire' }] },
        }),
      },
      bad: () => ({ url: '/api/entreprise/create_entreprise', body: { nom: 'E' } }),
    },
    update: {
      ok: { as: 'acmeAdmin', call: (t) => ({ url: '/api/entreprise/update_entreprise', body: { id: t.ids.acme, nom: 'Acme Énergie' } }) },
      bad: (t) => ({ url: '/api/entreprise/update_entreprise', body: { id: t.ids.acme, nom: '' } }),
    },
    delete: {
      ok: { as: 'superadmin', call: async (t) => ({ url: `/api/entreprise/delete_entreprise/${await mkCompany(t)}` }) },
      other: { as: 'betaAdmin', call: (t) => ({ url: `/api/entreprise/delete_entreprise/${t.ids.acme}` }) },
      bad: () => ({ url: '/api/entreprise/delete_entreprise/abc' }),
    },
    arrange: {
      ok: {
        as: 'superadmin',
        call: (t) => ({ url: '/api/entreprise/arrange', body: { ids: [t.ids.support, t.ids.acme, t.ids.beta, t.ids.gamma] } }),
      },
      other: { as: 'betaAdmin' },
      bad: () => ({ url: '/api/entreprise/arrange', body: { ids: [] } }),
    },
    updateAuthenticator: {
      ok: {
        as: 'superadmin',
        call: (t) => ({ url: '/api/entreprise/update_authenticator', body: { id: t.ids.beta, authTypes: ['password'] } }),
      },
      // Acme's admin on Béta's record.
      other: { as: 'acmeAdmin' },
      bad: (t) => ({ url: '/api/entreprise/update_authenticator', body: { id: t.ids.beta, authTypes: ['kerberos'] } }),
    },
    otpMaster: { ok: { as: 'superadmin', call: () => ({ url: '/api/otp/master' }) } },
    lockUnlock: {
      ok: {
        as: 'superadmin',
        call: async (t) => {
          await t.req('superadmin', 'POST', '/api/otp/master');
          return {
            url: `/api/entreprise/lock_unlock/${t.ids.gamma}`,
            body: { locked: false, code: codeIn(await t.lastMessage('superadmin@demo.fr')) },
          };
        },
      },
      other: {
        as: 'betaAdmin',
        call: (t) => ({ url: `/api/entreprise/lock_unlock/${t.ids.acme}`, body: { locked: true, code: '123456' } }),
      },
      bad: (t) => ({ url: `/api/entreprise/lock_unlock/${t.ids.gamma}`, body: { locked: 'oui' } }),
    },
    getProcessModeles: {
      ok: {
        as: 'acmeAdmin',
        call: (t) => ({ url: `/api/entreprise/get_entreprise_process_modeles/${t.ids.acme}/1` }),
        check: (j) => expect(j.filter((m: any) => m.assigned).map((m: any) => m.libelle)).toEqual(['Consignation électrique']),
      },
      bad: () => ({ url: '/api/entreprise/get_entreprise_process_modeles/x/1' }),
    },
    setProcessModeles: {
      ok: {
        as: 'acmeAdmin',
        call: (t) => ({
          url: '/api/entreprise/create_update_process_modeles',
          body: { entrepriseId: t.ids.acme, logicielId: 2, processModeleIds: [] },
        }),
      },
      bad: (t) => ({ url: '/api/entreprise/create_update_process_modeles', body: { entrepriseId: t.ids.acme } }),
    },
  },
});

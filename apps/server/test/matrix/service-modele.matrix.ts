import { expect } from 'vitest';
import type { TestApp } from '../harness.ts';
import { matrixRows, type Row } from './kit.ts';

/** A new Acme service, created through one of the three flavours' create routes. */
export const mkService = async (t: TestApp, path = '/api/v2/service_modele/create') => {
  const r = await t.req('acmeAdmin', 'POST', path, { libelle: `S${Math.random()}` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().id as number;
};

/** The three flavours (services, contractors' services, suppliers' services) share their shape. */
function flavour(create: string, update: string, del: string): { create: Row; update: Row; delete: Row } {
  const createPath = `/api/v2/service_modele/${create}`;
  return {
    create: {
      ok: { as: 'acmeAdmin', call: () => ({ url: createPath, body: { libelle: 'Électricité', couleur: '#112233' } }) },
      bad: () => ({ url: createPath, body: { libelle: '', couleur: 'rouge' } }),
    },
    update: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: `/api/v2/service_modele/${update}`, body: { id: await mkService(t, createPath), libelle: 'Renommé' } }),
      },
      bad: () => ({ url: `/api/v2/service_modele/${update}`, body: { libelle: 'Sans id' } }),
    },
    delete: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/service_modele/${del}/${await mkService(t, createPath)}` }) },
      bad: () => ({ url: `/api/v2/service_modele/${del}/zero` }),
    },
  };
}
const services = flavour('create', 'update', 'delete');
const ee = flavour('createEE', 'updateEE', 'deleteEE');
const fournisseurs = flavour('create_fournisseur', 'update_fournisseur', 'delete_fournisseur');

export const rows = matrixRows({
  serviceModele: {
    list: {
      ok: {
        as: 'acmeTechnicien',
        call: () => ({ url: '/api/v2/service_modele/get' }),
        check: (j) => expect(j.find((s: any) => s.libelle === 'Maintenance').nbUtilisateurs).toBe(2),
      },
      other: { as: 'betaAdmin', unseen: { kind: 'service' } },
      bad: () => ({ url: '/api/v2/service_modele/get?type=autre' }),
    },
    listClient: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/v2/service_modele/client/get' }),
        check: (j) => expect(j.every((s: any) => s.type === 'client')).toBe(true),
      },
      other: { as: 'betaAdmin', unseen: { kind: 'service' } },
    },
    listEe: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/v2/get_service_modele_ee/get' }),
        check: (j) => expect(j.every((s: any) => s.type === 'provider')).toBe(true),
      },
      other: { as: 'betaAdmin', unseen: { kind: 'service' } },
    },
    fetchByEntreprise: {
      ok: { as: 'acmeAdmin', call: (t) => ({ url: `/api/fetchServiceModeles/${t.ids.acme}` }) },
      other: [{}, { as: 'acmeAdmin', call: (t) => ({ url: `/api/fetchServiceModeles/${t.ids.beta}` }) }],
      bad: () => ({ url: '/api/fetchServiceModeles/abc' }),
    },
    create: services.create,
    createEe: ee.create,
    createFournisseur: fournisseurs.create,
    update: services.update,
    updateEe: ee.update,
    updateFournisseur: fournisseurs.update,
    arrange: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/service_modele/arrange', body: { ids: [await mkService(t), t.ids.acmeService] } }),
      },
      bad: () => ({ url: '/api/v2/service_modele/arrange', body: { ids: 'tous' } }),
    },
    delete: services.delete,
    deleteEe: ee.delete,
    deleteFournisseur: fournisseurs.delete,
  },
});

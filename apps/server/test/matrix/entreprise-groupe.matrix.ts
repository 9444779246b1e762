import { expect } from 'vitest';
import type { TestApp } from '../harness.ts';
import { matrixRows } from './kit.ts';

/** An Acme group with the technicien and the contractor Gamma. */
export const mkGroupe = async (t: TestApp) => {
  const r = await t.req('acmeAdmin', 'POST', '/api/v2/entreprise_groupe/update', {
    nom: 'Équipe nuit',
    utilisateurIds: [t.ids.user.acmeTechnicien],
    prestataireIds: [t.ids.gamma],
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().id as number;
};

export const rows = matrixRows({
  entrepriseGroupe: {
    list: {
      ok: { as: 'acmeAdmin', call: (t) => ({ url: `/api/v2/entreprise_groupe/get/${t.ids.acme}` }) },
      bad: () => ({ url: '/api/v2/entreprise_groupe/get/abc' }),
    },
    save: {
      ok: {
        as: 'acmeAdmin',
        call: (t) => ({ url: '/api/v2/entreprise_groupe/update', body: { nom: 'Astreinte', utilisateurIds: [t.ids.user.acmeTechnicien] } }),
      },
      // Acme's people as members, and an Acme group to rename.
      other: [{}, { call: async (t) => ({ url: '/api/v2/entreprise_groupe/update', body: { id: await mkGroupe(t), nom: 'Volé' } }) }],
      bad: () => ({ url: '/api/v2/entreprise_groupe/update', body: { nom: '' } }),
    },
    personnels: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/entreprise_groupe/get_personnels', body: { groupeIds: [await mkGroupe(t)] } }),
        check: (j, t) => expect(j.map((u: any) => u.id)).toEqual([t.ids.user.acmeTechnicien]),
      },
      other: { unseen: { kind: 'personne' }, check: (j) => expect(j).toEqual([]) },
      bad: () => ({ url: '/api/v2/entreprise_groupe/get_personnels', body: { groupeIds: [] } }),
    },
    prestataires: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/entreprise_groupe/get_prestataires', body: { groupeIds: [await mkGroupe(t)] } }),
        check: (j, t) => expect(j.map((e: any) => e.id)).toEqual([t.ids.gamma]),
      },
      other: { unseen: { kind: 'entreprise' }, check: (j) => expect(j).toEqual([]) },
      bad: () => ({ url: '/api/v2/entreprise_groupe/get_prestataires', body: {} }),
    },
    delete: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/entreprise_groupe/delete/${await mkGroupe(t)}` }) },
      bad: () => ({ url: '/api/v2/entreprise_groupe/delete/-4' }),
    },
  },
});

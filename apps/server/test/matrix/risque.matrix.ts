import { expect } from 'vitest';
import { matrixRows } from './kit.ts';
import { mkEquipement, mkRisque } from './registre-fixtures.ts';

const mkFamille = async (t: Parameters<typeof mkRisque>[0]) => {
  const r = await t.req('acmeAdmin', 'POST', '/api/v2/risk_famille/create', { libelle: `F${Math.random()}` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().id as number;
};
const mkLink = async (t: Parameters<typeof mkRisque>[0]) => {
  const eq = await mkEquipement(t, t.ids.acme);
  const r = await t.req('acmeAdmin', 'POST', `/api/v2/equipement/${eq}/risques/add`, { risqueId: await mkRisque(t) });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().id as number;
};

export const rows = matrixRows({
  risque: {
    list: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          await mkRisque(t);
          return { url: '/api/v2/risk/get' };
        },
        check: (j) => expect(j.length).toBeGreaterThan(0),
      },
      other: [
        { as: 'betaAdmin', unseen: { kind: 'risque' } },
        { as: 'betaAdmin', call: async (t) => ({ url: `/api/v2/risk/get?familleId=${await mkFamille(t)}` }) },
      ],
      bad: () => ({ url: '/api/v2/risk/get?familleId=abc' }),
    },
    create: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/v2/risk/create', body: { libelle: 'Contact direct', gravite: 4, frequence: 2 } }),
        check: (j) => expect(j.criticite).toBe(8),
      },
      other: { call: async (t) => ({ url: '/api/v2/risk/create', body: { libelle: 'Chute', familleId: await mkFamille(t) } }) },
      bad: () => ({ url: '/api/v2/risk/create', body: { libelle: '', gravite: 0 } }),
    },
    update: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: '/api/v2/risk/update', body: { id: await mkRisque(t), libelle: 'Renommé' } }) },
      bad: () => ({ url: '/api/v2/risk/update', body: { libelle: 'Sans id' } }),
    },
    delete: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/risk/delete/${await mkRisque(t)}` }) },
      bad: () => ({ url: '/api/v2/risk/delete/zero' }),
    },
    arrange: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: '/api/v2/risk/arrange', body: { ids: [await mkRisque(t), await mkRisque(t)] } }) },
      bad: () => ({ url: '/api/v2/risk/arrange', body: { ids: 'tous' } }),
    },
    duplicate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: `/api/v2/risk/${await mkRisque(t, 'acmeAdmin', { libelle: 'Bruit' })}/duplicate` }),
        check: (j) => expect(j.libelle).toBe('Bruit (copie)'),
      },
      bad: () => ({ url: '/api/v2/risk/x/duplicate' }),
    },
    familles: {
      ok: { as: 'acmeAdmin', call: () => ({ url: '/api/v2/risk_famille/get' }), check: (j) => expect(j.length).toBeGreaterThanOrEqual(20) },
      other: { as: 'betaAdmin', unseen: { kind: 'risqueFamille' } },
    },
    createFamille: {
      ok: { as: 'acmeAdmin', call: () => ({ url: '/api/v2/risk_famille/create', body: { libelle: 'Amiante', couleur: '#495057' } }) },
      bad: () => ({ url: '/api/v2/risk_famille/create', body: { libelle: '' } }),
    },
    updateFamille: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/risk_famille/update', body: { id: await mkFamille(t), libelle: 'Renommée' } }),
      },
      bad: () => ({ url: '/api/v2/risk_famille/update', body: { id: 1 } }),
    },
    deleteFamille: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/risk_famille/delete/${await mkFamille(t)}` }) },
      bad: () => ({ url: '/api/v2/risk_famille/delete/zero' }),
    },
    arrangeFamilles: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/risk_famille/arrange', body: { ids: [await mkFamille(t), await mkFamille(t)] } }),
      },
      bad: () => ({ url: '/api/v2/risk_famille/arrange', body: { ids: [] } }),
    },
    echelle: {
      ok: { as: 'acmeAdmin', call: () => ({ url: '/api/v2/risk_echelle/get' }), check: (j) => expect(j.gravite).toHaveLength(4) },
      other: { as: 'betaAdmin', check: (j) => expect(j.frequence.length).toBeGreaterThan(0) },
    },
    updateEchelle: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({
          url: '/api/v2/risk_echelle/update',
          body: { axe: 'frequence', libelles: ['Rare', 'Occasionnelle', 'Fréquente', 'Permanente'] },
        }),
        check: (j) => expect(j.frequence).toHaveLength(4),
      },
      other: { as: 'betaAdmin', check: (j) => expect(j.frequence).toHaveLength(4) },
      bad: () => ({ url: '/api/v2/risk_echelle/update', body: { axe: 'maitrise', libelles: ['Seul'] } }),
    },
    equipementRisques: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/equipement/${await mkEquipement(t, t.ids.acme)}/risques` }) },
      bad: () => ({ url: '/api/v2/equipement/abc/risques' }),
    },
    addEquipementRisque: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: `/api/v2/equipement/${await mkEquipement(t, t.ids.acme)}/risques/add`,
          body: { risqueId: await mkRisque(t) },
        }),
        check: (j) => expect(j.herite).toBe(false),
      },
      bad: async (t) => ({ url: `/api/v2/equipement/${await mkEquipement(t, t.ids.acme)}/risques/add`, body: { risqueId: 'x' } }),
    },
    removeEquipementRisque: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/equipement/risques/delete/${await mkLink(t)}` }) },
      bad: () => ({ url: '/api/v2/equipement/risques/delete/zero' }),
    },
  },
});

import { expect } from 'vitest';
import { matrixRows } from './kit.ts';

export const rows = matrixRows({
  entrepriseSetting: {
    getAll: {
      // Reads follow rights (ticket 12): the technician has no Paramètres entry.
      forbidden: { as: 'acmeTechnicien' },
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/entreprise_setting/get_all' }),
        check: (j, t) => expect(j.entreprise.id).toBe(t.ids.acme),
      },
      other: {
        as: 'betaAdmin',
        unseen: { kind: 'entreprise', ids: (j) => [j.entreprise.id] },
        check: (j, t) => expect(j.entreprise.id).toBe(t.ids.beta),
      },
    },
    updateEntrepriseLogiciel: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          const s = (await t.req('acmeAdmin', 'GET', '/api/entreprise_setting/get_all')).json();
          return { url: '/api/entreprise_setting/update/entreprise_logiciel', body: { id: s.entrepriseLogiciels[0].id, active: true } };
        },
      },
      bad: () => ({ url: '/api/entreprise_setting/update/entreprise_logiciel', body: { id: 'x' } }),
    },
    updateEntreprise: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/entreprise_setting/update/entreprise', body: { setting: { timezone: 'Europe/Paris' } } }),
      },
      bad: () => ({ url: '/api/entreprise_setting/update/entreprise', body: { setting: { languageCodes: ['fr'], languageCode: 'de' } } }),
    },
  },
});

import { expect } from 'vitest';
import { matrixRows } from './kit.ts';

// Profiles are a system-wide list: no id to take, nothing of a company to hide.
export const rows = matrixRows({
  profil: {
    getAll: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/profil_modele/get_all' }),
        check: (j) =>
          expect(j.map((p: any) => p.libelle)).toEqual(expect.arrayContaining(['Admin', 'Administrateur', 'Responsable', 'HR manager'])),
      },
    },
    getAllEe: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/profil_modele/get_all_ee' }),
        check: (j) => expect(j.every((p: any) => p.type === 'supplier')).toBe(true),
      },
    },
    getAllLogiciel: {
      // Reads follow rights (ticket 12): the technician has no Profils entry.
      forbidden: { as: 'acmeTechnicien' },
      ok: {
        as: 'acmeResponsable',
        call: () => ({ url: '/api/profil_modele_logiciel/get_all' }),
        check: (j) => expect(j.length).toBeGreaterThan(0),
      },
    },
  },
});

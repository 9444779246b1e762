import { expect } from 'vitest';
import { matrixRows } from './kit.ts';

// Support mode (issue 12, item 9): super admins only (403 for everyone else, generated). A success enters Acme and
// leaves at once, so that the super admin's later rows run in his own company.
export const rows = matrixRows({
  support: {
    enter: {
      ok: {
        as: 'superadmin',
        call: (t) => ({ url: '/api/v2/support/enter', body: { entrepriseId: t.ids.acme } }),
        check: async (j, t) => {
          expect(j).toMatchObject({ entrepriseId: t.ids.acme, companyName: 'Acme Énergie' });
          const left = await t.req('superadmin', 'POST', '/api/v2/support/leave');
          expect(left.json()).toMatchObject({ left: true });
        },
      },
      // Béta's admin naming Acme: refused (super admins only, whatever the company).
      other: { as: 'betaAdmin' },
      bad: () => ({ url: '/api/v2/support/enter', body: { entrepriseId: 'Acme' } }),
    },
    leave: {
      ok: {
        as: 'superadmin',
        call: () => ({ url: '/api/v2/support/leave' }),
        check: (j) => expect(j).toMatchObject({ left: false }),
      },
    },
  },
});

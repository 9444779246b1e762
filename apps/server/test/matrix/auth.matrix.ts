import { expect } from 'vitest';
import { codeIn } from '../harness.ts';
import { anyOwned, matrixRows } from './kit.ts';
import { mkUser } from './utilisateur.matrix.ts';

export const rows = matrixRows({
  auth: {
    login: {
      ok: { as: 'acmeAdmin', call: () => ({ url: '/login', body: { mail: 'admin@acme.demo.fr', password: 'Demo-2026!' } }) },
      bad: () => ({ url: '/login', body: { mail: '', password: 'x' } }),
    },
    connectedUser: {
      ok: { as: 'acmeAdmin', call: () => ({ url: '/api/getConnectedUser' }), check: (j) => expect(j.companyName).toBe('Acme Énergie') },
    },
    changeLogiciel: {
      ok: {
        as: 'acmeResponsable',
        call: () => ({ url: '/api/auth/change_logicicel', body: { logicielId: 2, lastScreen: '/app/utilisateurs' } }),
      },
      // The process remembered must be one of the caller's company.
      other: {
        as: 'betaAdmin',
        call: async (t) => ({
          url: '/api/auth/change_logicicel',
          body: { logicielId: 2, lastProcessId: await anyOwned(t, 'process', t.ids.acme) },
        }),
      },
      bad: () => ({ url: '/api/auth/change_logicicel', body: { logicielId: 'abc' } }),
    },
    checkRememberMe: { ok: { as: 'acmeAdmin', call: () => ({ url: '/api/auth/check_remember_me' }) } },
    clearCookie: {
      ok: {
        as: 'gammaUser',
        call: () => ({ url: '/api/auth/clear_cookie' }),
        check: (j, t) => {
          expect(j.message).toMatch(/Déconnexion/);
          t.forget('gammaUser');
        },
      },
    },
    sendCode: {
      ok: { as: 'acmeTechnicien', call: () => ({ url: '/api/auth/send_code' }) },
      bad: () => ({ url: '/api/auth/send_code?channel=pigeon' }),
    },
    validateCode: {
      ok: {
        as: 'acmeResponsable',
        call: async (t) => {
          await t.req('acmeResponsable', 'GET', '/api/auth/send_code');
          return { url: '/api/auth/validate_code', body: { code: codeIn(await t.lastMessage('responsable@acme.demo.fr')) } };
        },
      },
      bad: () => ({ url: '/api/auth/validate_code', body: { code: '12' } }),
    },
    updatePhone: {
      ok: { as: 'acmeTechnicien', call: () => ({ url: '/api/auth/update_phone', body: { telephone: '+33 6 12 34 56 78' } }) },
      bad: () => ({ url: '/api/auth/update_phone', body: { telephone: 'abc' } }),
    },
    validateUser: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          const id = await mkUser(t);
          const u = (await t.req('acmeAdmin', 'GET', `/api/utilisateurs/${id}`)).json();
          const token = (await t.lastMessage(u.mail))?.match(/token=([\w-]+)/)?.[1];
          return { url: '/api/auth/validate_user', body: { token, password: 'Nouveau-mot2passe' } };
        },
      },
      bad: () => ({ url: '/api/auth/validate_user', body: { token: 'x', password: 'court' } }),
    },
  },
});

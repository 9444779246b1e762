import { expect } from 'vitest';
import type { Actor, TestApp } from '../harness.ts';
import { matrixRows } from './kit.ts';

/** A new person of the caller's company (plain user profile). */
export const mkUser = async (t: TestApp, as: Actor = 'acmeAdmin') => {
  const n = Math.floor(Math.random() * 1e9);
  const r = await t.req(as, 'POST', '/api/v2/utilisateur/create', { nom: 'Test', prenom: `P${n}`, mail: `p${n}@acme.test`, profilId: 6 });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().id as number;
};

export const rows = matrixRows({
  utilisateur: {
    getByCompany: {
      // Reads follow rights (ticket 12): the technician has no Utilisateurs entry (the list holds e-mails).
      forbidden: { as: 'acmeTechnicien' },
      ok: {
        as: 'acmeResponsable',
        call: () => ({ url: '/api/utilisateurs/get_by_company?search=moreau' }),
        check: (j) => expect(j.items.map((u: any) => u.mail)).toEqual(['technicien@acme.demo.fr']),
      },
      other: [
        { as: 'betaAdmin', call: () => ({ url: '/api/utilisateurs/get_by_company?perPage=500' }), unseen: { kind: 'personne' } },
        { as: 'betaAdmin', call: (t) => ({ url: `/api/utilisateurs/get_by_company?serviceId=${t.ids.acmeService}` }) },
      ],
      bad: () => ({ url: '/api/utilisateurs/get_by_company?perPage=0' }),
    },
    get: {
      // Reads follow rights (ticket 12): the technician has no Utilisateurs entry (e-mails).
      forbidden: { as: 'acmeTechnicien' },
      ok: { as: 'acmeResponsable', call: (t) => ({ url: `/api/utilisateurs/${t.ids.user.acmeAdmin}` }) },
      bad: () => ({ url: '/api/utilisateurs/abc' }),
    },
    listOfEntreprise: {
      ok: {
        as: 'acmeAdmin',
        call: (t) => ({ url: `/api/utilisateurs/get/user_entreprise/${t.ids.gamma}` }),
        check: (j) => expect(j.map((u: any) => u.mail)).toEqual(['intervenant@gamma.demo.fr']),
      },
      other: { as: 'betaAdmin', call: (t) => ({ url: `/api/utilisateurs/get/user_entreprise/${t.ids.acme}` }) },
      bad: () => ({ url: '/api/utilisateurs/get/user_entreprise/0' }),
    },
    listByIds: {
      ok: {
        as: 'acmeAdmin',
        call: (t) => ({
          url: '/api/utilisateurs/get/user_entreprises',
          body: { user_ids: [t.ids.user.acmeTechnicien, t.ids.user.betaAdmin] },
        }),
        check: (j) => expect(j.map((u: any) => u.mail)).toEqual(['technicien@acme.demo.fr']),
      },
      other: {
        as: 'betaAdmin',
        call: (t) => ({ url: '/api/utilisateurs/get/user_entreprises', body: { user_ids: [t.ids.user.acmeTechnicien] } }),
        unseen: { kind: 'personne' },
        check: (j) => expect(j).toEqual([]),
      },
      bad: () => ({ url: '/api/utilisateurs/get/user_entreprises', body: { user_ids: 'all' } }),
    },
    listOfService: {
      ok: {
        as: 'acmeAdmin',
        call: (t) => ({ url: `/api/utilisateur/entreprise_service_modele/${t.ids.acmeService}` }),
        check: (j) => expect(j.length).toBe(2),
      },
      other: { unseen: { kind: 'personne' }, check: (j) => expect(j).toEqual([]) },
      bad: () => ({ url: '/api/utilisateur/entreprise_service_modele/x' }),
    },
    listOfEntreprisePost: {
      ok: {
        as: 'acmeAdmin',
        call: (t) => ({ url: '/api/utilisateur/entreprise', body: { entreprise_id: t.ids.acme } }),
        check: (j) => expect(j.length).toBeGreaterThanOrEqual(3),
      },
      bad: () => ({ url: '/api/utilisateur/entreprise', body: {} }),
    },
    listEe: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/utilisateur/get_all_user_ee' }),
        check: (j) => expect(j.map((u: any) => u.mail)).toEqual(['intervenant@gamma.demo.fr']),
      },
      other: { as: 'betaAdmin', unseen: { kind: 'personne' }, check: (j) => expect(j).toEqual([]) },
    },
    listOfEntreprises: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/utilisateur/entreprises', body: {} }),
        check: (j) => expect(j.some((u: any) => u.mail === 'intervenant@gamma.demo.fr')).toBe(true),
      },
      other: [
        { as: 'betaAdmin', unseen: { kind: 'personne' } },
        { as: 'betaAdmin', call: (t) => ({ url: '/api/utilisateur/entreprises', body: { entreprise_ids: [t.ids.acme] } }) },
      ],
      bad: () => ({ url: '/api/utilisateur/entreprises', body: { entreprise_ids: ['a'] } }),
    },
    listLight: {
      // The people picker of the process form: the technician reads names, never e-mails nor phones (ticket 12).
      ok: {
        as: 'acmeTechnicien',
        call: (t) => ({ url: `/api/utilisateurs/get_utilisateurs/${t.ids.acme}` }),
        check: (j) => {
          expect(j[0].fullName).toBeTruthy();
          for (const u of j) expect(Object.keys(u).sort()).toEqual(['fullName', 'id', 'nom', 'prenom']);
        },
      },
      bad: () => ({ url: '/api/utilisateurs/get_utilisateurs/-1' }),
    },
    userName: {
      ok: {
        as: 'acmeTechnicien',
        call: (t) => ({ url: `/api/getUserName/${t.ids.user.acmeAdmin}` }),
        check: (j) => expect(j.fullName).toBe('Alice Durand'),
      },
      other: [{}, { as: 'acmeAdmin', call: (t) => ({ url: `/api/getUserName/${t.ids.user.betaAdmin}` }) }],
      bad: () => ({ url: '/api/getUserName/abc' }),
    },
    userProfil: {
      ok: {
        as: 'acmeAdmin',
        call: (t) => ({ url: `/api/getUserProfil/${t.ids.user.acmeResponsable}` }),
        check: (j) => expect(j.libelle).toBe('Responsable'),
      },
      bad: () => ({ url: '/api/getUserProfil/abc' }),
    },
    create: {
      ok: {
        as: 'acmeAdmin',
        call: (t) => ({
          url: '/api/v2/utilisateur/create',
          body: {
            nom: 'Bernard',
            prenom: 'Hugo',
            mail: 'hugo.bernard@acme.test',
            profilId: 6,
            serviceId: t.ids.acmeService,
            couleur: '#aa0000',
            coutHoraire: 42.5,
            dateNaissance: '1990-04-01',
          },
        }),
        check: (j) => expect(j.authenticated).toBe(false),
      },
      // In an Acme service; into Acme itself.
      other: [
        {},
        {
          call: (t) => ({
            url: '/api/v2/utilisateur/create',
            body: { nom: 'X', prenom: 'Y', mail: 'x.z@acme.test', profilId: 6, entrepriseId: t.ids.acme },
          }),
        },
      ],
      bad: () => ({ url: '/api/v2/utilisateur/create', body: { nom: '', prenom: 'Y', mail: 'pas-un-mail', profilId: 6 } }),
    },
    update: {
      ok: {
        as: 'acmeAdmin',
        call: (t) => ({
          url: '/api/v2/utilisateur/update',
          body: { id: t.ids.user.acmeTechnicien, fonction: 'Cheffe d’équipe', codeRfid: 'RFID-001' },
        }),
        check: (j) => expect(j.fonction).toBe('Cheffe d’équipe'),
      },
      other: [
        {},
        { as: 'acmeAdmin', call: (t) => ({ url: '/api/v2/utilisateur/update', body: { id: t.ids.user.betaAdmin, fonction: 'X' } }) },
      ],
      bad: (t) => ({ url: '/api/v2/utilisateur/update', body: { id: t.ids.user.acmeTechnicien, couleur: 'bleu' } }),
    },
    activate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: `/api/utilisateur/${await mkUser(t)}/active` }),
        check: (j) => expect(j.enable).toBe(true),
      },
      bad: () => ({ url: '/api/utilisateur/abc/active' }),
    },
    deactivate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: `/api/utilisateur/${await mkUser(t)}/active` }),
        check: (j) => expect(j.enable).toBe(false),
      },
      bad: () => ({ url: '/api/utilisateur/abc/active' }),
    },
    deleteComplete: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: '/api/utilisateur/delete_complete', body: { user_id: await mkUser(t) } }) },
      bad: () => ({ url: '/api/utilisateur/delete_complete', body: { user_id: null } }),
    },
    saveSetting: {
      ok: {
        as: 'acmeTechnicien',
        call: () => ({ url: '/api/utilisateur/save_setting', body: { settings: { languageCode: 'en' } } }),
        check: (j) => expect(j.settings.languageCode).toBe('en'),
      },
      bad: () => ({ url: '/api/utilisateur/save_setting', body: { settings: 'en' } }),
    },
    changeRole: {
      ok: { as: 'acmeResponsable', call: () => ({ url: '/api/changeRole/6' }), check: (j) => expect(j.profil.code).toBe('utilisateur') },
      // A session endpoint: a user may only take a profile they hold.
      forbidden: { as: 'acmeTechnicien', call: () => ({ url: '/api/changeRole/2' }) },
      other: { none: 'its id is a profile of the system-wide list (one the caller holds), not a row of a company' },
      bad: () => ({ url: '/api/changeRole/abc' }),
    },
    messagesOfUser: {
      ok: {
        as: 'acmeAdmin',
        call: (t) => ({ url: `/api/utilisateur/messsage_collationne/${t.ids.user.acmeTechnicien}` }),
        check: (j) => expect(j[0].numero).toBe(1),
      },
      bad: () => ({ url: '/api/utilisateur/messsage_collationne/x' }),
    },
    myMessages: {
      ok: {
        as: 'acmeTechnicien',
        call: () => ({ url: '/api/utilisateur/messsage_collationne' }),
        check: (j) => expect(j.length).toBe(1),
      },
      other: { as: 'betaAdmin', unseen: { kind: 'message' }, check: (j) => expect(j).toEqual([]) },
    },
  },
});

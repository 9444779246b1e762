import { expect } from 'vitest';
import type { TestApp } from '../harness.ts';
import { matrixRows } from './kit.ts';
import { ageFireWatch, inHours, mkEndedPermit, mkPermit, mkProcess, mkRunningPermit } from './permis-fixtures.ts';

// Work permits (ticket 15): every permit endpoint acts on a process of Acme's « Permis de feu » workflow, built
// through the routes. Béta's admin naming Acme's process is refused (404); the deeper rules: permis.test.ts.

const PROCESS_RIGHTS = {
  none: 'every demo profile may update processes; the process itself (its company, its rights) is checked by the handler: permis.test.ts',
};

export const rows = matrixRows({
  permis: {
    get: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => ({ url: `/api/v2/permis/get/${(await mkPermit(t)).processId}` }),
        check: (j) => {
          expect(j.permis.etat).toBe('demande');
          expect(j.permis.signaturesAttendues).toEqual(['emetteur', 'executant']);
        },
      },
      bad: () => ({ url: '/api/v2/permis/get/x' }),
    },
    ofConsignation: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => {
          const lockout = await mkProcess(t, 'consignation');
          await mkPermit(t, { consignationIds: [lockout] });
          return { url: `/api/v2/permis/of_consignation/${lockout}` };
        },
        check: (j) => expect(j).toHaveLength(1),
      },
      bad: () => ({ url: '/api/v2/permis/of_consignation/x' }),
    },
    update: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => ({
          url: '/api/v2/permis/update',
          body: {
            processId: await mkProcess(t),
            type: 'travail',
            complements: ['hauteur', 'levage'],
            dateDebut: inHours(1),
            dateFin: inHours(9),
          },
        }),
        check: (j) => expect(j.complements).toEqual(['hauteur', 'levage']),
      },
      forbidden: PROCESS_RIGHTS,
      bad: async (t) => ({
        url: '/api/v2/permis/update',
        body: { processId: await mkProcess(t), type: 'feu', modeValidite: 'operation', dateDebut: inHours(1), dateFin: inHours(24 * 6) },
      }),
    },
    sign: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/permis/sign',
          body: { processId: (await mkPermit(t)).processId, acte: 'delivrance', role: 'emetteur' },
        }),
        check: (j) => expect(j.signaturesAttendues).toEqual(['executant']),
      },
      forbidden: PROCESS_RIGHTS,
      bad: async (t) => ({
        url: '/api/v2/permis/sign',
        body: { processId: (await mkPermit(t)).processId, acte: 'delivrance', role: 'chef' },
      }),
    },
    start: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => {
          const { processId } = await mkPermit(t);
          await t.req('acmeAdmin', 'POST', '/api/v2/permis/sign', { processId, acte: 'delivrance', role: 'emetteur' });
          await t.req('acmeTechnicien', 'POST', '/api/v2/permis/sign', { processId, acte: 'delivrance', role: 'executant' });
          return { url: '/api/v2/permis/start', body: { processId } };
        },
        check: (j) => expect(j.etat).toBe('en_cours'),
      },
      forbidden: PROCESS_RIGHTS,
      bad: () => ({ url: '/api/v2/permis/start', body: { processId: 'x' } }),
    },
    extend: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/permis/extend',
          body: { processId: (await mkRunningPermit(t)).processId, dateFin: inHours(12), motif: 'Travaux plus longs que prévu' },
        }),
        check: (j) => expect(j.prolongations).toHaveLength(1),
      },
      forbidden: PROCESS_RIGHTS,
      bad: async (t) => ({
        url: '/api/v2/permis/extend',
        body: { processId: (await mkRunningPermit(t)).processId, dateFin: inHours(12), motif: '' },
      }),
    },
    suspend: {
      ok: {
        as: 'acmeResponsable',
        call: async (t) => ({
          url: '/api/v2/permis/suspend',
          body: { processId: (await mkRunningPermit(t)).processId, motif: 'Alarme gaz' },
        }),
        check: (j) => expect(j.etat).toBe('suspendu'),
      },
      forbidden: PROCESS_RIGHTS,
      bad: async (t) => ({ url: '/api/v2/permis/suspend', body: { processId: (await mkRunningPermit(t)).processId, motif: '   ' } }),
    },
    resume: {
      ok: {
        as: 'acmeResponsable',
        call: async (t) => {
          const { processId } = await mkRunningPermit(t);
          await t.req('acmeResponsable', 'POST', '/api/v2/permis/suspend', { processId, motif: 'Alarme gaz' });
          return { url: '/api/v2/permis/resume', body: { processId, observation: 'Mesures refaites : 0 % LIE' } };
        },
        check: (j) => expect(j.etat).toBe('en_cours'),
      },
      forbidden: PROCESS_RIGHTS,
      bad: () => ({ url: '/api/v2/permis/resume', body: { processId: 1, observation: 5 } }),
    },
    fireWatchCheck: {
      ok: {
        as: 'acmeResponsable',
        call: async (t: TestApp) => {
          const { processId } = await mkEndedPermit(t, { type: 'feu' });
          await ageFireWatch(t, processId, 31);
          return { url: '/api/v2/permis/fire_watch/check', body: { processId, numero: 1, observation: 'RAS' } };
        },
        check: (j) => expect(j.surveillance.prochain).toBe(2),
      },
      forbidden: PROCESS_RIGHTS,
      bad: () => ({ url: '/api/v2/permis/fire_watch/check', body: { processId: 1, numero: 0 } }),
    },
    close: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/permis/close', body: { processId: (await mkEndedPermit(t)).processId } }),
        check: (j) => expect(j.etat).toBe('clos'),
      },
      forbidden: PROCESS_RIGHTS,
      bad: () => ({ url: '/api/v2/permis/close', body: { processId: 'x' } }),
    },
    cancel: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/permis/cancel',
          body: { processId: (await mkPermit(t)).processId, motif: 'Travaux reportés' },
        }),
        check: (j) => expect(j.annulation.motif).toBe('Travaux reportés'),
      },
      forbidden: PROCESS_RIGHTS,
      bad: () => ({ url: '/api/v2/permis/cancel', body: { processId: 1 } }),
    },
    settingGet: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/v2/permis/settings/get' }),
        check: (j) => expect(j).toEqual({ surveillanceMinutes: 120, controleIntervalleMinutes: 30, validiteHeures: 8 }),
      },
    },
    settingUpdate: {
      // The same values as the defaults: the rest of the matrix (and the demo's fire watches) keep theirs.
      ok: {
        as: 'acmeAdmin',
        call: () => ({
          url: '/api/v2/permis/settings/update',
          body: { surveillanceMinutes: 120, controleIntervalleMinutes: 30, validiteHeures: 8 },
        }),
        check: (j) => expect(j).toEqual({ surveillanceMinutes: 120, controleIntervalleMinutes: 30, validiteHeures: 8 }),
      },
      bad: () => ({ url: '/api/v2/permis/settings/update', body: { surveillanceMinutes: 60, controleIntervalleMinutes: 90 } }),
    },
  },
});

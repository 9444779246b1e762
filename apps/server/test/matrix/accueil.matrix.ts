import { expect } from 'vitest';
import { matrixRows } from './kit.ts';

/** Every process id of a home answer (its four sections). */
const homeIds = (j: any) =>
  ['aSigner', 'mesProcessus', 'aujourdhui', 'nouveautes'].flatMap((s) => (j?.[s]?.items ?? []).map((p: any) => p.id));

export const rows = matrixRows({
  accueil: {
    get: {
      ok: {
        as: 'acmeResponsable',
        call: () => ({ url: '/api/v2/accueil/get?tz=Europe/Paris' }),
        check: (j) => {
          expect(j.readsProcesses).toBe(true);
          // The demo's hot-work permit waits at « Autorisation », whose validator is the responsable.
          expect(j.aSigner.items.map((p: any) => p.nomProcess)).toContain('Soudure de la passerelle du quai 3');
        },
      },
      forbidden: { none: 'everyone’s own home (session): without the right to read processes, its sections are empty' },
      other: { as: 'betaAdmin', call: () => ({ url: '/api/v2/accueil/get' }), unseen: { kind: 'process', ids: homeIds } },
      bad: () => ({ url: '/api/v2/accueil/get?tz=Mars/Olympus' }),
    },
    seen: {
      ok: {
        as: 'acmeTechnicien',
        call: () => ({ url: '/api/v2/accueil/seen', body: { at: '2026-11-24T08:00:00+01:00' } }),
        check: (j) => expect(j.lastVisit).toBe('2026-11-24T07:00:00.000Z'),
      },
      forbidden: { none: 'everyone marks their own home as seen (session)' },
      other: { none: 'it names no row: the caller’s own settings' },
      bad: () => ({ url: '/api/v2/accueil/seen', body: { at: 'demain' } }),
    },
  },
});

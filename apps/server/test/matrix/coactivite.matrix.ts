import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { withSystem } from '../../src/platform/db/tenant.ts';
import type { TestApp } from '../harness.ts';
import { matrixRows } from './kit.ts';

// Coactivité (ticket 15): the demo's work-at-height permit on the mezzanine, in conflict with Gamma's welding there
// (co-signature), the matrix and the workflows' activities.

const one = async <T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T> =>
  withSystem(
    t.server.database.db,
    'test: coactivité matrix fixtures',
    async (tx) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows[0],
  );
const processNamed = async (t: TestApp, nom: string) =>
  (await one<{ id: number }>(t, sql`select id from process where entreprise_id = ${t.ids.acme} and nom_process = ${nom}`)).id;
const hauteur = (t: TestApp) => processNamed(t, 'Remplacement des luminaires de la mezzanine du magasin');
const soudure = (t: TestApp) => processNamed(t, 'Soudure des supports de la mezzanine du magasin');
const workflowHauteur = async (t: TestApp) =>
  (
    await one<{ id: number }>(
      t,
      sql`select id from process_modele where entreprise_id = ${t.ids.acme} and libelle = 'Permis de travail en hauteur'`,
    )
  ).id;

export const rows = matrixRows({
  coactivite: {
    conflits: {
      ok: {
        as: 'acmeResponsable',
        call: async (t) => ({ url: `/api/v2/coactivite/get/${await hauteur(t)}` }),
        check: (j) => expect(j.conflits[0]).toMatchObject({ decision: 'cosignature', bloque: true }),
      },
      bad: () => ({ url: '/api/v2/coactivite/get/x' }),
    },
    cosign: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/coactivite/cosign', body: { processId: await hauteur(t), autreProcessId: await soudure(t) } }),
        check: (j) => expect(j.conflits[0]).toMatchObject({ etat: 'cosigne', cosignature: { nom: expect.any(String) } }),
      },
      // Gamma's worker sees Gamma's welding (its process of Acme) but co-signs nothing on Acme's site.
      forbidden: {
        as: 'gammaUser',
        call: async (t) => ({ url: '/api/v2/coactivite/cosign', body: { processId: await soudure(t), autreProcessId: await soudure(t) } }),
      },
      bad: async (t) => ({ url: '/api/v2/coactivite/cosign', body: { processId: await hauteur(t), autreProcessId: -1 } }),
    },
    matrice: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/v2/coactivite/incompatibilite/get' }),
        check: (j) => {
          expect(j.regles).toContainEqual(expect.objectContaining({ a: 'espace_confine', b: 'feu', decision: 'refus' }));
          expect(j.workflows).toContainEqual(
            expect.objectContaining({ libelle: 'Permis de travail en hauteur', activites: ['travail', 'hauteur'] }),
          );
        },
      },
    },
    incompatibiliteUpdate: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/v2/coactivite/incompatibilite/update', body: { a: 'visite', b: 'fouille', decision: 'sequencement' } }),
        check: (j) => expect(j).toMatchObject({ a: 'fouille', b: 'visite', decision: 'sequencement' }),
      },
      bad: () => ({ url: '/api/v2/coactivite/incompatibilite/update', body: { a: 'visite', b: 'fouille', decision: 'peut-être' } }),
    },
    workflowActivitesUpdate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/coactivite/workflow_activite/update',
          body: { processModeleId: await workflowHauteur(t), activites: ['hauteur', 'travail'] },
        }),
        check: (j) => expect(j.activites).toEqual(['travail', 'hauteur']),
      },
      bad: () => ({ url: '/api/v2/coactivite/workflow_activite/update', body: { processModeleId: 'x', activites: [] } }),
    },
  },
});

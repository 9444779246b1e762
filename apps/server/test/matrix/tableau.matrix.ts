import { expect } from 'vitest';
import type { Actor, TestApp } from '../harness.ts';
import { type Build, type Check, matrixRows, type Row } from './kit.ts';
import { mkProcess, processWorkflow } from './process.matrix.ts';

/** A new Acme board on the matrix's process workflow. */
const mkTableau = async (t: TestApp) => {
  const w = await processWorkflow(t);
  const r = await t.req('acmeAdmin', 'POST', '/api/v2/tableau/create', {
    nom: `Tableau ${Math.random()}`,
    workflows: [w.id],
    metriques: [w.text],
  });
  expect(r.statusCode, r.body).toBe(200);
  return { id: r.json().id as number, w };
};
const mkFiltre = async (t: TestApp) => {
  const b = await mkTableau(t);
  const r = await t.req('acmeAdmin', 'POST', '/api/v2/filtre/create', {
    tableauId: b.id,
    nom: 'En cours',
    criteres: [{ champ: 'etat', operateur: 'equals', valeur: 'en_cours' }],
  });
  return { id: r.json().id as number, tableauId: b.id };
};
const mkAffichage = async (t: TestApp, personnel = false) => {
  const b = await mkTableau(t);
  const r = await t.req('acmeAdmin', 'POST', '/api/v2/affichage/create', {
    tableauId: b.id,
    nom: 'Compact',
    colonnes: [{ key: 'nomProcess', visible: true }],
    personnel,
  });
  return { id: r.json().id as number, tableauId: b.id };
};
/** A board row: on an Acme board (the 403 and other-company cases are generated). */
const board = (as: Actor, call: Build, bad: Build, check?: Check): Row => ({ ok: { as, call, check }, bad });
/**
 * Displays are edited by any reader of the board (rule: read Tableau), but a shared display only by the board's
 * editors: the handler refuses the technicien.
 */
const sharedDisplay = (call: Build, bad: Build): Row => ({ ok: { as: 'acmeAdmin', call }, forbidden: { as: 'acmeTechnicien' }, bad });

export const rows = matrixRows({
  tableau: {
    byLogiciel: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => {
          await mkTableau(t);
          return { url: '/api/v2/tableau/get_by_entreprise_logiciel' };
        },
        check: (j) => expect(j.length).toBeGreaterThan(0),
      },
      other: { as: 'betaAdmin', unseen: { kind: 'tableau' }, check: (j) => expect(j).toEqual([]) },
      bad: () => ({ url: '/api/v2/tableau/get_by_entreprise_logiciel?logicielId=x' }),
    },
    get: board(
      'acmeTechnicien',
      async (t) => ({ url: `/api/v2/tableau/get/${(await mkTableau(t)).id}` }),
      () => ({ url: '/api/v2/tableau/get/x' }),
    ),
    formulairesEe: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          const w = await processWorkflow(t);
          const r = await t.req('acmeAdmin', 'POST', '/api/v2/tableau/create', { nom: 'Ouvert aux EE', workflows: [w.id], isEE: true });
          expect(r.statusCode, r.body).toBe(200);
          return { url: '/api/v2/tableau/formualire/get/ees' };
        },
        check: (j) => expect(j.map((b: any) => b.nom)).toContain('Ouvert aux EE'),
      },
      other: { as: 'betaAdmin', unseen: { kind: 'tableau' }, check: (j) => expect(j).toEqual([]) },
    },
    create: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/tableau/create',
          body: { nom: 'Mes consignations', workflows: [(await processWorkflow(t)).id] },
        }),
        check: (j) => expect(j.abilities.update).toBe(true),
      },
      bad: () => ({ url: '/api/v2/tableau/create', body: { nom: '' } }),
    },
    update: board(
      'acmeAdmin',
      async (t) => ({ url: '/api/v2/tableau/update', body: { id: (await mkTableau(t)).id, nom: 'Renommé' } }),
      () => ({ url: '/api/v2/tableau/update', body: { id: 'x' } }),
    ),
    delete: board(
      'acmeAdmin',
      async (t) => ({ url: `/api/v2/tableau/delete/${(await mkTableau(t)).id}` }),
      () => ({ url: '/api/v2/tableau/delete/x' }),
    ),
    filtres: board(
      'acmeTechnicien',
      async (t) => ({ url: `/api/v2/filtre/get?tableauId=${(await mkFiltre(t)).tableauId}` }),
      () => ({ url: '/api/v2/filtre/get' }),
      (j) => expect(j[0].nom).toBe('En cours'),
    ),
    filtreCreate: board(
      'acmeAdmin',
      async (t) => ({
        url: '/api/v2/filtre/create',
        body: {
          tableauId: (await mkTableau(t)).id,
          nom: 'Cette semaine',
          criteres: [{ champ: 'dateDebut', operateur: 'between', valeur: ['2026-11-23T00:00:00+01:00', '2026-11-30T00:00:00+01:00'] }],
        },
      }),
      async (t) => ({
        url: '/api/v2/filtre/create',
        body: { tableauId: (await mkTableau(t)).id, nom: 'X', criteres: [{ champ: 'dateDebut', operateur: 'gt', valeur: 'hier' }] },
      }),
    ),
    filtreUpdate: board(
      'acmeAdmin',
      async (t) => ({ url: '/api/v2/filtre/update', body: { id: (await mkFiltre(t)).id, nom: 'Actifs' } }),
      () => ({ url: '/api/v2/filtre/update', body: { id: 1, criteres: [{ champ: 'inconnu', operateur: 'equals' }] } }),
    ),
    filtreDelete: board(
      'acmeAdmin',
      async (t) => ({ url: `/api/v2/filtre/delete/${(await mkFiltre(t)).id}` }),
      () => ({ url: '/api/v2/filtre/delete/x' }),
    ),
    filtreArrange: board(
      'acmeAdmin',
      async (t) => ({ url: '/api/v2/filtre/arrange', body: { ids: [(await mkFiltre(t)).id] } }),
      () => ({ url: '/api/v2/filtre/arrange', body: { ids: [] } }),
    ),
    affichages: board(
      'acmeTechnicien',
      async (t) => ({ url: `/api/v2/affichage/get?tableauId=${(await mkAffichage(t)).tableauId}` }),
      () => ({ url: '/api/v2/affichage/get?tableauId=x' }),
      (j) => expect(j).toHaveLength(1),
    ),
    affichageCreate: board(
      'acmeTechnicien',
      async (t) => ({
        url: '/api/v2/affichage/create',
        body: {
          tableauId: (await mkTableau(t)).id,
          nom: 'Le mien',
          colonnes: [{ key: 'numero', visible: true, width: 80 }],
          tri: { key: 'numero', order: 'desc' },
          personnel: true,
        },
      }),
      () => ({ url: '/api/v2/affichage/create', body: { nom: '', colonnes: [] } }),
      (j) => expect(j.personnel).toBe(true),
    ),
    affichageUpdate: sharedDisplay(
      async (t) => ({ url: '/api/v2/affichage/update', body: { id: (await mkAffichage(t)).id, nom: 'Large' } }),
      () => ({ url: '/api/v2/affichage/update', body: { id: 1, colonnes: [{ key: '' }] } }),
    ),
    affichageDelete: sharedDisplay(
      async (t) => ({ url: `/api/v2/affichage/delete/${(await mkAffichage(t)).id}` }),
      () => ({ url: '/api/v2/affichage/delete/x' }),
    ),
    affichageArrange: sharedDisplay(
      async (t) => ({ url: '/api/v2/affichage/arrange', body: { ids: [(await mkAffichage(t)).id] } }),
      () => ({ url: '/api/v2/affichage/arrange', body: { ids: 'x' } }),
    ),
    etatProcess: board(
      'acmeTechnicien',
      async (t) => ({ url: `/api/v2/etat_process/get?tableauId=${(await mkTableau(t)).id}` }),
      () => ({ url: '/api/v2/etat_process/get?tableauId=x' }),
      (j) => expect(j.map((e: any) => e.etat)).toEqual(['en_cours', 'termine', 'inactif']),
    ),
    processes: board(
      'acmeTechnicien',
      async (t) => {
        const f = await mkFiltre(t);
        await mkProcess(t, true);
        return { url: `/api/v3/process/get_for_tableau?tableauId=${f.tableauId}&filtreId=${f.id}` };
      },
      () => ({ url: '/api/v3/process/get_for_tableau' }),
      (j) => expect(j.items[0].valeurs).toBeTruthy(),
    ),
  },
});

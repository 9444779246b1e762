import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { withSystem } from '../../src/platform/db/tenant.ts';
import type { Actor, TestApp } from '../harness.ts';
import { matrixRows } from './kit.ts';

// Habilitations (ticket 14): symbols, titles, the matrix, process habilitations and medical visits, on the demo data.

const ok = async (t: TestApp, as: Actor, method: string, url: string, body?: unknown) => {
  const r = await t.req(as, method, url, body);
  expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
  return r.json();
};
const one = async <T>(t: TestApp, query: string): Promise<T> =>
  withSystem(t.server.database.db, 'test: habilitation matrix fixtures', async (tx) => {
    const r = (await tx.execute(sql.raw(query))) as unknown as { rows: T[] };
    return r.rows[0];
  });
/** A symbol of Acme's catalogue by its code. */
const symbole = async (t: TestApp, code: string) =>
  (
    await one<{ id: number }>(
      t,
      `select id from habilitation where entreprise_id = ${t.ids.acme} and code = '${code}' and deleted_at is null`,
    )
  ).id;
/** A running Acme demo process. */
const processEnCours = async (t: TestApp) =>
  (
    await one<{ id: number }>(
      t,
      `select id from process where entreprise_id = ${t.ids.acme} and nom_process = 'Consignation pompe de relevage P12'`,
    )
  ).id;
const draft = async (t: TestApp, utilisateurId: number) =>
  ok(t, 'acmeAdmin', 'POST', '/api/v2/titre_habilitation/create', {
    utilisateurId,
    dateDelivrance: '2026-11-02',
    detentions: [{ habilitationId: await symbole(t, 'B1V'), dateObtention: '2026-11-02' }],
  });
const signed = async (t: TestApp) => {
  const tech = t.ids.user.acmeTechnicien;
  const d = await draft(t, tech);
  await ok(t, 'acmeAdmin', 'POST', '/api/v2/titre_habilitation/sign_employeur', { id: d.id });
  return ok(t, 'acmeTechnicien', 'POST', '/api/v2/titre_habilitation/sign_titulaire', { id: d.id });
};
const visite = async (t: TestApp) =>
  ok(t, 'acmeAdmin', 'POST', '/api/v2/visite_medicale/create', {
    utilisateurId: t.ids.user.acmeTechnicien,
    type: 'vip',
    date: '2026-10-01',
  });
const tech = (t: TestApp) => t.ids.user.acmeTechnicien;

export const rows = matrixRows({
  habilitation: {
    habilitationsOfEntreprise: {
      ok: {
        as: 'acmeTechnicien',
        call: (t) => ({ url: `/api/getHabilitationsByEntreprise/${t.ids.acme}` }),
        check: (j) => {
          const bc = j.find((h: any) => h.code === 'BC');
          expect(bc.titulaires.map((x: any) => x.nom)).toEqual(expect.arrayContaining(['Moreau', 'Lefèvre', 'Faure']));
          expect(bc.titulaires.find((x: any) => x.nom === 'Faure').etat).toBe('expire');
        },
      },
      bad: () => ({ url: '/api/getHabilitationsByEntreprise/x' }),
    },
    habilitationsOfMyEntreprise: {
      ok: {
        as: 'acmeResponsable',
        call: () => ({ url: '/api/customGetHabilitationByEntreprise' }),
        check: (j) => expect(j.find((h: any) => h.code === 'B2V').couvre).toEqual(expect.arrayContaining(['B2', 'B1V'])),
      },
      other: { as: 'betaAdmin', unseen: { kind: 'habilitation' } },
    },
    symboles: {
      ok: {
        as: 'acmeTechnicien',
        call: () => ({ url: '/api/v2/habilitation/get' }),
        check: (j) => {
          expect(j.find((s: any) => s.code === 'B0').medicalRequis).toBe(false);
          expect(j.find((s: any) => s.code === 'B1T').recyclageMois).toBe(12);
        },
      },
      other: { as: 'betaAdmin', unseen: { kind: 'habilitation' } },
      bad: () => ({ url: '/api/v2/habilitation/get?actif=peut-etre' }),
    },
    symboleCreate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/habilitation/create',
          body: {
            code: `BL${Math.floor(Math.random() * 1e6)}`,
            libelle: 'Véhicules électriques (NF C18-550)',
            couvreIds: [await symbole(t, 'B0')],
          },
        }),
        check: (j) => expect(j.couvre).toEqual(['B0']),
      },
      forbidden: { as: 'acmeTechnicien' },
      other: {
        call: async (t) => ({
          url: '/api/v2/habilitation/create',
          body: { code: 'ZZ', libelle: 'Volé', couvreIds: [await symbole(t, 'B0')] },
        }),
      },
      bad: () => ({ url: '/api/v2/habilitation/create', body: { code: '', libelle: 'x' } }),
    },
    symboleUpdate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/habilitation/update', body: { id: await symbole(t, 'BP'), recyclageMois: 24 } }),
        check: (j) => expect(j.recyclageMois).toBe(24),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: async (t) => ({ url: '/api/v2/habilitation/update', body: { id: await symbole(t, 'BP'), recyclageMois: 0 } }),
    },
    symboleDelete: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: `/api/v2/habilitation/delete/${(await ok(t, 'acmeAdmin', 'POST', '/api/v2/habilitation/create', { code: `X${Math.floor(Math.random() * 1e6)}`, libelle: 'Temporaire' })).id}`,
        }),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: () => ({ url: '/api/v2/habilitation/delete/abc' }),
    },
    settingGet: {
      ok: {
        as: 'acmeTechnicien',
        call: () => ({ url: '/api/v2/habilitation_setting/get' }),
        check: (j) => expect(j.recyclageMois).toBeGreaterThan(0),
      },
    },
    settingUpdate: {
      ok: { as: 'acmeAdmin', call: () => ({ url: '/api/v2/habilitation_setting/update', body: { recyclageMois: 36 } }) },
      forbidden: { as: 'acmeTechnicien' },
      bad: () => ({ url: '/api/v2/habilitation_setting/update', body: { recyclageMois: 500 } }),
    },
    matrix: {
      ok: {
        as: 'acmeResponsable',
        call: () => ({ url: '/api/v2/habilitation/matrix' }),
        check: (j) => {
          const faure = j.items.find((p: any) => p.nom === 'Faure');
          expect(faure.cellules.find((c: any) => c.code === 'BC').etat).toBe('expire');
          expect(j.entreprises.some((e: any) => e.nom === 'Gamma Services' && e.prestataire)).toBe(true);
        },
      },
      other: { as: 'betaAdmin', call: (t) => ({ url: `/api/v2/habilitation/matrix?serviceId=${t.ids.acmeService}` }) },
      bad: () => ({ url: '/api/v2/habilitation/matrix?perPage=0' }),
    },
    gate: {
      ok: {
        // The admin (earlier rows of the matrix change the responsable's profile rights).
        as: 'acmeAdmin',
        call: (t) => ({ url: `/api/v2/habilitation/check?utilisateurId=${t.ids.user.acmeTechnicien}&codes=BC` }),
        check: (j) => expect(j).toEqual({ ok: true, raisons: [], message: null }),
      },
      bad: (t) => ({ url: `/api/v2/habilitation/check?utilisateurId=${t.ids.user.acmeResponsable}` }),
    },
    titres: {
      ok: {
        as: 'acmeTechnicien',
        call: (t) => ({ url: `/api/v2/titre_habilitation/get_by_paging?utilisateurId=${tech(t)}&offset=0&perPage=10` }),
        check: (j) => expect(j.items.some((x: any) => x.numero === 'TH-0001')).toBe(true),
      },
      bad: () => ({ url: '/api/v2/titre_habilitation/get_by_paging?perPage=-1' }),
    },
    titre: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => ({
          url: `/api/v2/titre_habilitation/get/${(await one<{ id: number }>(t, `select id from titre_habilitation where entreprise_id = ${t.ids.acme} and numero = 'TH-0001'`)).id}`,
        }),
        check: (j) => expect(j.detentions.map((d: any) => d.code)).toEqual(expect.arrayContaining(['B2V', 'BR', 'BC'])),
      },
      bad: () => ({ url: '/api/v2/titre_habilitation/get/abc' }),
    },
    titreCreate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/titre_habilitation/create',
          body: {
            utilisateurId: tech(t),
            dateDelivrance: '2026-11-20',
            detentions: [{ habilitationId: await symbole(t, 'BE Mesurage'), dateObtention: '2026-11-20' }],
          },
        }),
        check: (j) => expect(j.detentions[0]).toMatchObject({ code: 'BE Mesurage', dateEcheance: '2029-11-20' }),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: (t) => ({
        url: '/api/v2/titre_habilitation/create',
        body: { utilisateurId: tech(t), dateDelivrance: '20/11/2026', detentions: [] },
      }),
    },
    titreUpdate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/titre_habilitation/update',
          body: { id: (await draft(t, tech(t))).id, observations: 'Restreint au site' },
        }),
        check: (j) => expect(j.observations).toBe('Restreint au site'),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: async (t) => ({ url: '/api/v2/titre_habilitation/update', body: { id: (await draft(t, tech(t))).id } }),
    },
    titreSignEmployeur: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/titre_habilitation/sign_employeur', body: { id: (await draft(t, tech(t))).id } }),
        check: (j) => expect(j.signatureEmployeur.nom).toBe('Alice Durand'),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: () => ({ url: '/api/v2/titre_habilitation/sign_employeur', body: { id: 'x' } }),
    },
    titreSignTitulaire: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => ({ url: '/api/v2/titre_habilitation/sign_titulaire', body: { id: (await draft(t, tech(t))).id } }),
        check: (j) => expect(j.signatureTitulaire).not.toBeNull(),
      },
      bad: () => ({ url: '/api/v2/titre_habilitation/sign_titulaire', body: { id: 1, image: 'pas une image' } }),
    },
    titreRevoke: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/titre_habilitation/revoke', body: { id: (await signed(t)).id, motif: 'Changement de poste' } }),
        check: (j) => expect(j).toMatchObject({ etat: 'revoque', motifRevocation: 'Changement de poste' }),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: async (t) => ({ url: '/api/v2/titre_habilitation/revoke', body: { id: (await signed(t)).id, motif: '' } }),
    },
    titreRenew: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/titre_habilitation/renew', body: { id: (await signed(t)).id, dateObtention: '2026-11-24' } }),
        check: (j) => expect(j).toMatchObject({ etat: 'brouillon', detentions: [{ code: 'B1V', dateEcheance: '2029-11-24' }] }),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: () => ({ url: '/api/v2/titre_habilitation/renew', body: { id: 1, dateObtention: 'demain' } }),
    },
    titreDelete: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/titre_habilitation/delete/${(await draft(t, tech(t))).id}` }) },
      forbidden: { as: 'acmeTechnicien' },
      bad: () => ({ url: '/api/v2/titre_habilitation/delete/abc' }),
    },
    processHabilitations: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => ({ url: `/api/v2/process_habilitation/get?processId=${await processEnCours(t)}` }),
        check: (j) => expect(Array.isArray(j)).toBe(true),
      },
      bad: () => ({ url: '/api/v2/process_habilitation/get?processId=abc' }),
    },
    processHabilitationUpdate: {
      ok: {
        as: 'acmeResponsable',
        call: async (t) => ({
          url: '/api/v2/process_habilitation/update',
          body: { processId: await processEnCours(t), habilitationIds: [await symbole(t, 'BC')], sens: 'requise' },
        }),
        check: (j) => expect(j.map((h: any) => h.code)).toEqual(['BC']),
      },
      forbidden: {
        none: 'every demo profile may update processes; the process itself (its company, its rights) is checked by the handler: habilitation.test.ts',
      },
      bad: async (t) => ({
        url: '/api/v2/process_habilitation/update',
        body: { processId: await processEnCours(t), habilitationIds: ['BC'] },
      }),
    },
    processHabilitationRemove: {
      ok: {
        as: 'acmeResponsable',
        call: async (t) => {
          const processId = await processEnCours(t);
          const list = await ok(t, 'acmeResponsable', 'POST', '/api/v2/process_habilitation/update', {
            processId,
            habilitationIds: [await symbole(t, 'B2V')],
            sens: 'accordee',
            utilisateurId: tech(t),
          });
          return { url: '/api/v2/process_habilitation/remove', body: { id: list.find((h: any) => h.code === 'B2V').id } };
        },
      },
      forbidden: {
        none: 'every demo profile may update processes; the process itself (its company, its rights) is checked by the handler: habilitation.test.ts',
      },
      bad: () => ({ url: '/api/v2/process_habilitation/remove', body: { id: 'x' } }),
    },
    visitesPage: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/visite_medicale/get_by_pagging?offset=0&perPage=5' }),
        check: (j) => {
          expect(j.items.length).toBeLessThanOrEqual(5);
          expect(j.total).toBeGreaterThanOrEqual(4);
        },
      },
      forbidden: { as: 'acmeTechnicien' },
      other: { as: 'betaAdmin', call: (t) => ({ url: `/api/visite_medicale/get_by_pagging?utilisateurId=${t.ids.user.acmeTechnicien}` }) },
      bad: () => ({ url: '/api/visite_medicale/get_by_pagging?offset=-1' }),
    },
    visites: {
      ok: {
        as: 'acmeAdmin',
        call: (t) => ({ url: `/api/visite_medicale/gets?utilisateurId=${t.ids.user.acmeResponsable}` }),
        check: (j) => expect(j[0]).toMatchObject({ type: 'attestation', etat: 'valide' }),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: () => ({ url: '/api/visite_medicale/gets?utilisateurId=abc' }),
    },
    visiteCreate: {
      ok: {
        as: 'acmeAdmin',
        call: (t) => ({
          url: '/api/v2/visite_medicale/create',
          body: { utilisateurId: t.ids.user.acmeTechnicien, type: 'attestation', date: '2026-11-02', resultat: 'favorable' },
        }),
        check: (j) => expect(j.validUntil).toBe('2031-11-02'),
      },
      forbidden: { as: 'acmeResponsable' },
      bad: (t) => ({
        url: '/api/v2/visite_medicale/create',
        body: { utilisateurId: t.ids.user.acmeTechnicien, type: 'bilan', date: '2026-11-02' },
      }),
    },
    visiteUpdate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/visite_medicale/update',
          body: { id: (await visite(t)).id, restrictions: 'Pas de travail en hauteur' },
        }),
        check: (j) => expect(j.restrictions).toBe('Pas de travail en hauteur'),
      },
      forbidden: { as: 'acmeResponsable' },
      bad: async (t) => ({ url: '/api/v2/visite_medicale/update', body: { id: (await visite(t)).id, validUntil: '2020-01-01' } }),
    },
    visiteCancel: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/visite_medicale/cancel', body: { id: (await visite(t)).id, motif: 'Saisie en double' } }),
        check: (j) => expect(j.etat).toBe('annulee'),
      },
      forbidden: { as: 'acmeResponsable' },
      bad: async (t) => ({ url: '/api/v2/visite_medicale/cancel', body: { id: (await visite(t)).id } }),
    },
  },
});

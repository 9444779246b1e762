import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../harness.ts';
import { call, consignedLockout, demoProcess, move, newLockout, sysRows } from './consignation-fixtures.ts';
import { type Exempt, matrixRows, type Refused, type Row } from './kit.ts';

// Lockouts (ticket 15): register codes, the register, a lockout's detail and its writes, each on a lockout of its own.

const MERE = 'Arrêt ligne de production 1 — consignation générale';
const IMG = 'data:image/png;base64,iVBORw0KGgo=';

const pointOf = async (t: TestApp) => {
  const id = await newLockout(t);
  const d = await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/point/create', {
    processId: id,
    repere: 'Q9',
    energie: 'electrique',
    dispositif: 'Sectionneur Q9 du coffret de test',
    positionRequise: 'ouvert',
  });
  return d.points[0].id as number;
};

export const rows = matrixRows({
  consignation: {
    codes: {
      ok: {
        as: 'acmeTechnicien',
        call: () => ({ url: '/api/v2/registre_code/get' }),
        check: (j) => {
          expect(j.map((c: any) => c.code)).toEqual(['CS', 'TSN', 'TS', 'DS', 'DECONS', 'ART', 'SPS', 'SPD', 'IT']);
          expect(j[0]).toMatchObject({ code: 'CS', etat: 'consignee', terminal: false });
        },
      },
    },
    codeUpdate: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/v2/registre_code/update', body: { code: 'SPS', couleur: '#e03131' } }),
        check: (j) => expect(j).toMatchObject({ code: 'SPS', couleur: '#e03131', libelle: 'Suspendue pour sécurité' }),
      },
      bad: () => ({ url: '/api/v2/registre_code/update', body: { code: 'XX', libelle: 'Inconnu' } }),
    },
    registre: {
      ok: {
        // The admin reads every node whatever the equipment rights (the technician reads only « Utilités », and the
        // matrix's earlier cases change the responsable's equipment rights); mothers only, whatever lockouts the
        // earlier cases created.
        as: 'acmeAdmin',
        call: () => ({ url: '/api/v2/consignation/get_by_paging?typeConsignation=2&perPage=200' }),
        check: (j) => {
          const mere = j.items.find((r: any) => r.nomProcess === MERE);
          expect(mere).toMatchObject({ code: 'TS', typeConsignation: 2, nameConsignation: 'Consignation mère' });
          expect(mere.filles).toHaveLength(2);
        },
      },
      other: {
        as: 'betaAdmin',
        // Naming Acme's equipment finds nothing of Acme.
        call: async (t) => {
          const [eq] = await sysRows<{ id: number }>(
            t,
            sql`select id from equipement where entreprise_id = ${t.ids.acme} and name = 'Ligne de production 1'`,
          );
          return { url: `/api/v2/consignation/get_by_paging?perPage=200&equipementId=${eq.id}` };
        },
        unseen: { kind: 'process', ids: (j) => j.items.map((r: any) => r.processId) },
      },
      bad: () => ({ url: '/api/v2/consignation/get_by_paging?code=ZZ' }),
    },
    get: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => ({ url: `/api/v2/consignation/get/${await demoProcess(t, MERE)}` }),
        check: (j) => {
          expect(j).toMatchObject({ etat: 'en_cours', code: { code: 'TS' }, typeConsignation: 2 });
          expect(j.attestations[0].type).toBe('consignation');
        },
      },
      bad: () => ({ url: '/api/v2/consignation/get/abc' }),
    },
    update: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => ({ url: '/api/v2/consignation/update', body: { processId: await newLockout(t), mode: 'deux_etapes' } }),
        check: (j) => expect(j.mode).toBe('deux_etapes'),
      },
      bad: () => ({ url: '/api/v2/consignation/update', body: { processId: 1, mode: 'trois' } }),
    },
    transition: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => ({ url: '/api/v2/consignation/transition', body: { processId: await newLockout(t), etat: 'preparee' } }),
        check: (j) => expect(j.etat).toBe('preparee'),
      },
      bad: () => ({ url: '/api/v2/consignation/transition', body: { processId: 1, etat: 'fini' } }),
    },
    operationSign: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => ({
          url: '/api/v2/consignation/operation/sign',
          body: { processId: await newLockout(t), operation: 'separation', image: IMG },
        }),
        check: (j) => expect(j.operations[0]).toMatchObject({ operation: 'separation', hash: expect.stringMatching(/^[0-9a-f]{64}$/) }),
      },
      bad: () => ({ url: '/api/v2/consignation/operation/sign', body: { processId: 1, operation: 'souder' } }),
    },
    pointsCopy: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => {
          const [eq] = await sysRows<{ id: number }>(
            t,
            sql`select id from equipement where entreprise_id = ${t.ids.acme} and name = 'TGBT utilités'`,
          );
          const id = await newLockout(t);
          await call(t, 'acmeTechnicien', 'PUT', '/api/v3/process/update', {
            id,
            equipement: { id: eq.id, libelle: 'TGBT utilités (TGBT-U)' },
          });
          return { url: '/api/v2/consignation/point/copy', body: { processId: id } };
        },
        check: (j) => expect(j.points.map((p: any) => p.repere)).toContain('Q0-U'),
      },
      bad: () => ({ url: '/api/v2/consignation/point/copy', body: { processId: 'x' } }),
    },
    pointCreate: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => ({
          url: '/api/v2/consignation/point/create',
          body: {
            processId: await newLockout(t),
            repere: 'V-12',
            energie: 'hydraulique',
            dispositif: 'Vanne V-12',
            positionRequise: 'fermée',
          },
        }),
        check: (j) => expect(j.points[0]).toMatchObject({ repere: 'V-12', energie: 'hydraulique', herite: false }),
      },
      bad: () => ({ url: '/api/v2/consignation/point/create', body: { processId: 1, repere: '', energie: 'nucleaire' } }),
    },
    pointCadenas: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => ({ url: '/api/v2/consignation/point/cadenas', body: { id: await pointOf(t), numeroCadenas: 'C-909' } }),
        check: (j) => expect(j.points[0]).toMatchObject({ numeroCadenas: 'C-909', pose: { utilisateurId: expect.any(Number) } }),
      },
      bad: () => ({ url: '/api/v2/consignation/point/cadenas', body: { id: 1, numeroCadenas: 'x'.repeat(41) } }),
    },
    attestationCreate: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => {
          const id = await newLockout(t);
          await move(t, id, 'preparee');
          for (const operation of ['separation', 'condamnation', 'identification', 'vat', 'malt_cc'])
            await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/operation/sign', { processId: id, operation });
          return { url: '/api/v2/consignation/attestation/create', body: { processId: id, type: 'consignation', image: IMG } };
        },
        check: (j) => {
          expect(j.etat).toBe('consignee');
          expect(j.attestations[0]).toMatchObject({ type: 'consignation', numero: expect.any(Number) });
        },
      },
      bad: () => ({ url: '/api/v2/consignation/attestation/create', body: { processId: 1, type: 'troisieme' } }),
    },
    avisFinTravailCreate: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => ({
          url: '/api/v2/consignation/avis_fin_travail/create',
          body: { processId: await consignedLockout(t), equipe: 'Équipe A' },
        }),
        check: (j) => expect(j.avisFinTravail[0].equipe).toBe('Équipe A'),
      },
      bad: () => ({ url: '/api/v2/consignation/avis_fin_travail/create', body: { processId: 1, equipe: '' } }),
    },
    cadenasCreate: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => ({
          url: '/api/v2/consignation/cadenas/create',
          body: { processId: await consignedLockout(t), utilisateurId: t.ids.user.acmeTechnicien, numero: 'P-900' },
        }),
        check: (j) => expect(j.cadenas[0]).toMatchObject({ numero: 'P-900', retrait: null }),
      },
      bad: () => ({ url: '/api/v2/consignation/cadenas/create', body: { processId: 1, utilisateurId: 1, numero: '' } }),
    },
    cadenasRemove: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => {
          const id = await consignedLockout(t);
          const d = await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/cadenas/create', {
            processId: id,
            utilisateurId: t.ids.user.acmeTechnicien,
            numero: 'P-901',
          });
          return { url: '/api/v2/consignation/cadenas/remove', body: { id: d.cadenas[0].id } };
        },
        check: (j) => expect(j.cadenas[0].retrait).not.toBeNull(),
      },
      bad: () => ({ url: '/api/v2/consignation/cadenas/remove', body: { id: 'x' } }),
    },
    cadenasRemoveAbsent: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => {
          const id = await consignedLockout(t);
          const d = await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/cadenas/create', {
            processId: id,
            utilisateurId: t.ids.user.acmeResponsable,
            numero: 'P-902',
          });
          return {
            url: '/api/v2/consignation/cadenas/remove_absent',
            body: { id: d.cadenas[0].id, motif: 'Parti sans retirer son cadenas, joint par téléphone.', temoinId: t.ids.user.acmeAdmin },
          };
        },
        check: (j) => expect(j.cadenas[0].retraitAbsent).toMatchObject({ temoinId: expect.any(Number) }),
      },
      bad: () => ({ url: '/api/v2/consignation/cadenas/remove_absent', body: { id: 1, motif: 'court', temoinId: 1 } }),
    },
  },
});

// Gamma's worker may update its processes of Acme (no demo actor's ability refuses `update Process`): its 403 cases
// are the client's actions on a demo permit of Acme where Gamma is contractor (refused before anything else).
const chaufferie = async (t: TestApp) =>
  (await sysRows<{ id: number }>(t, sql`select id from process where nom_process = 'Découpe de tuyauterie en chaufferie'`))[0].id;
const gamma = (url: string, body: (processId: number, t: TestApp) => object): Refused => ({
  as: 'gammaUser',
  call: async (t) => ({ url, body: body(await chaufferie(t), t) }),
});
// A lockout of Acme where Gamma is contractor (its worker reaches it): refused the client's acts on it (migration 0027).
const gammaLockout = (url: string, body: (processId: number, t: TestApp) => object): Refused => ({
  as: 'gammaUser',
  call: async (t) => ({ url, body: body(await newLockout(t, { prestataireIds: [t.ids.gamma] }), t) }),
});
const unseenRows: Exempt = {
  none: 'Gamma’s worker sees no point nor padlock of Acme’s lockouts but its own processes’: contractor-modules.test.ts',
};
const REFUSALS: Record<string, Refused | Exempt> = {
  update: gamma('/api/v2/consignation/update', (processId) => ({ processId, mode: 'deux_etapes' })),
  transition: gamma('/api/v2/consignation/transition', (processId) => ({ processId, etat: 'preparee' })),
  // The chargé de consignation's operation (a contractor signs the second step's only).
  operationSign: gammaLockout('/api/v2/consignation/operation/sign', (processId) => ({ processId, operation: 'separation' })),
  pointsCopy: gamma('/api/v2/consignation/point/copy', (processId) => ({ processId })),
  pointCreate: gamma('/api/v2/consignation/point/create', (processId) => ({
    processId,
    repere: 'Q1',
    energie: 'electrique',
    dispositif: 'Q1',
    positionRequise: 'ouvert',
  })),
  attestationCreate: gamma('/api/v2/consignation/attestation/create', (processId) => ({ processId, type: 'consignation' })),
  avisFinTravailCreate: {
    none: 'a contractor signs its team’s avis on its process of its client, and finds no other (404): contractor-modules.test.ts',
  },
  cadenasCreate: {
    none: 'a contractor puts its own people’s padlocks on its process of its client (a person it cannot name: 400): contractor-modules.test.ts',
  },
  pointCadenas: unseenRows,
  cadenasRemove: unseenRows,
  cadenasRemoveAbsent: unseenRows,
};
for (const [name, forbidden] of Object.entries(REFUSALS)) {
  const row = (rows.consignation as Record<string, Row>)[name];
  if (!row) throw new Error(`consignation.matrix: no row ${name}`);
  row.forbidden = forbidden;
}

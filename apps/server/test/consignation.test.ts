import { codeOfEtat, type RegistreCode } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLockoutRecords, registerDeconsignationBlocker } from '../src/modules/consignation/index.ts';
import { withSystem } from '../src/platform/db/tenant.ts';
import { startTestApp, type TestApp } from './harness.ts';
import {
  call,
  consignedLockout,
  demoProcess,
  detail,
  FIVE,
  lockoutWorkflow,
  move,
  newLockout,
  sysRows,
} from './matrix/consignation-fixtures.ts';

// Lockouts (ticket 15) on PostgreSQL with the demo data: register codes seeded per company, the state machine behind
// every change of status (update-status-process, a step's transition, the module's own endpoints), the NF C18-510
// operations and attestation, mother/daughter rules, personal padlocks and the absent-worker procedure, other
// modules' blockers, and concurrency (attestation numbers, a déconsignation racing a daughter, padlock removals).

let t: TestApp;
const IMG = 'data:image/png;base64,iVBORw0KGgo=';

beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t?.close());

const journalOf = (id: number) =>
  sysRows<{ action: string; after: any }>(t, sql`select action, after from process_journal where process_id = ${id} order by id`);
const stateOf = async (id: number) =>
  (
    await sysRows<{ etat: string; status: string | null }>(
      t,
      sql`select c.etat, p.status from consignation c join process p on p.id = c.process_id where c.process_id = ${id}`,
    )
  )[0];

describe('register codes', () => {
  it('are seeded for every company, stored exactly, and edited per company', async () => {
    const [{ n }] = await sysRows<{ n: number }>(t, sql`select count(*)::int as n from registre_code where entreprise_id = ${t.ids.beta}`);
    expect(n).toBe(9);
    const r = await t.req('acmeAdmin', 'PUT', '/api/v2/registre_code/update', { code: 'TSN', libelle: 'Travaux signés, non commencés' });
    expect(r.statusCode, r.body).toBe(200);
    const beta = await call(t, 'betaAdmin', 'GET', '/api/v2/registre_code/get');
    expect(beta.find((c: any) => c.code === 'TSN').libelle).toBe('Travaux autorisés, non commencés');
  });
  it('refuses a bad colour in French and writes nothing', async () => {
    const r = await t.req('acmeAdmin', 'PUT', '/api/v2/registre_code/update', { code: 'CS', couleur: 'bleu' });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('Données invalides : couleur.');
    const [{ couleur }] = await sysRows<{ couleur: string }>(
      t,
      sql`select couleur from registre_code where entreprise_id = ${t.ids.acme} and code = 'CS'`,
    );
    expect(couleur).toBe('#1971c2');
  });
  it('an empty change is refused', async () => {
    expect((await t.req('acmeAdmin', 'PUT', '/api/v2/registre_code/update', { code: 'CS' })).statusCode).toBe(400);
  });
});

describe('a new lockout', () => {
  it('gets its record (demande) and its equipment’s isolation points', async () => {
    const [eq] = await sysRows<{ id: number }>(
      t,
      sql`select id from equipement where entreprise_id = ${t.ids.acme} and name = 'Compresseur d’air C1'`,
    );
    const id = await newLockout(t, { equipement: { id: eq.id, libelle: 'Compresseur d’air C1 (C1)' } });
    const d = await detail(t, id);
    expect(d).toMatchObject({ etat: 'demande', mode: 'une_etape', code: null, nameConsignation: 'Consignation' });
    expect(d.points.map((p: any) => p.energie).sort()).toEqual(['electrique', 'pneumatique']);
    // Electrical and pneumatic: NF C18-510's five operations and ED 6109's purge and vérification.
    expect(d.operationsRequises.map((o: any) => o.operation)).toEqual([
      'separation',
      'purge',
      'condamnation',
      'identification',
      'vat',
      'malt_cc',
      'verification',
    ]);
  });
  it('a process of another company’s equipment copies nothing', async () => {
    const [eq] = await sysRows<{ id: number }>(t, sql`select id from equipement where entreprise_id <> ${t.ids.acme} limit 1`);
    if (!eq) return;
    const id = await newLockout(t, { equipement: { id: eq.id, libelle: 'Autre' } });
    expect((await detail(t, id)).points).toEqual([]);
  });
});

describe('the state machine behind every change of status', () => {
  it('refuses update-status-process to a code the lockout cannot reach, in French, and writes nothing', async () => {
    const id = await newLockout(t);
    const before = await journalOf(id);
    const r = await t.req('acmeTechnicien', 'PUT', '/api/v3/process/update-status-process', { id, status: 'TS' });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('Passage de « Demandée » à « Travaux en cours » impossible pour une consignation.');
    expect(await stateOf(id)).toEqual({ etat: 'demande', status: null });
    expect(await journalOf(id)).toEqual(before);
  });
  it('refuses CS without an attestation', async () => {
    const id = await newLockout(t);
    await move(t, id, 'preparee');
    const r = await t.req('acmeTechnicien', 'PUT', '/api/v3/process/update-status-process', { id, status: 'CS' });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/^Code CS \(« Consigné »\) : Signez l’attestation de consignation/);
  });
  it('moves a consigned lockout by its code (IT), journaled, and the code is kept', async () => {
    const id = await consignedLockout(t);
    expect(await stateOf(id)).toEqual({ etat: 'consignee', status: 'CS' });
    await move(t, id, 'en_cours');
    const r = await t.req('acmeTechnicien', 'PUT', '/api/v3/process/update-status-process', { id, status: 'IT' });
    expect(r.statusCode, r.body).toBe(200);
    expect(await stateOf(id)).toEqual({ etat: 'interrompue', status: 'IT' });
    const j = (await journalOf(id)).filter((x) => x.action === 'consignation').at(-1);
    expect(j?.after).toMatchObject({ etat: 'interrompue', code: 'IT', source: 'statut IT' });
    // Deactivation with a code goes through it too.
    const ko = await t.req('acmeTechnicien', 'PUT', '/api/v2/process/inactive', { id, status: 'DECONS' });
    expect(ko.statusCode).toBe(409);
    expect(ko.json().message).toMatch(/Passage de « Travaux interrompus » à « Déconsignée »/);
  });
  it('an attestation needs its operations, and writes nothing (no number used) when refused', async () => {
    const id = await newLockout(t);
    await move(t, id, 'preparee');
    await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/operation/sign', { processId: id, operation: 'separation' });
    const [before] = await sysRows<{ last: number }>(t, sql`select last from consignation_compteur where entreprise_id = ${t.ids.acme}`);
    const r = await t.req('acmeTechnicien', 'POST', '/api/v2/consignation/attestation/create', { processId: id, type: 'consignation' });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(
      "Opérations de consignation à signer d’abord : Condamnation, Identification, Vérification d'absence de tension (VAT), Mise à la terre et en court-circuit (MALT/CC).",
    );
    const [after] = await sysRows<{ last: number }>(t, sql`select last from consignation_compteur where entreprise_id = ${t.ids.acme}`);
    expect(after?.last).toBe(before?.last);
    expect((await detail(t, id)).attestations).toEqual([]);
  });
  it('two-step mode: the first-step attestation, then the chargé de travaux’s operations, then the attestation', async () => {
    const id = await newLockout(t);
    await call(t, 'acmeTechnicien', 'PUT', '/api/v2/consignation/update', { processId: id, mode: 'deux_etapes' });
    await move(t, id, 'preparee');
    for (const operation of ['separation', 'condamnation'])
      await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/operation/sign', { processId: id, operation });
    const early = await t.req('acmeTechnicien', 'POST', '/api/v2/consignation/operation/sign', { processId: id, operation: 'vat' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/deuxième étape/);
    const one = await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/attestation/create', {
      processId: id,
      type: 'premiere_etape',
    });
    expect(one.etat).toBe('consignee_etape1');
    for (const operation of ['identification', 'vat', 'malt_cc'])
      await call(t, 'acmeResponsable', 'POST', '/api/v2/consignation/operation/sign', { processId: id, operation });
    const two = await call(t, 'acmeResponsable', 'POST', '/api/v2/consignation/attestation/create', {
      processId: id,
      type: 'consignation',
    });
    expect(two).toMatchObject({ etat: 'consignee', code: { code: 'CS' } });
    expect(two.attestations.map((a: any) => a.type)).toEqual(['premiere_etape', 'consignation']);
    expect(two.attestations[1].numero).toBe(two.attestations[0].numero + 1);
  });
  it('lists the moves possible now with their reasons', async () => {
    const id = await consignedLockout(t);
    const d = await detail(t, id);
    const by = (e: string) => d.transitions.find((x: any) => x.etat === e);
    expect(by('en_cours')).toMatchObject({ autorisee: true, code: 'TS' });
    expect(by('deconsignation_demandee')).toMatchObject({ autorisee: false, raison: expect.stringMatching(/avis de fin de travail/) });
  });
});

describe('the demo workflow’s steps drive the lockout', () => {
  it('signing the attestation step consigns it (numbered attestation), the avis step asks for the release, the last step releases and closes', async () => {
    const d4 = await demoProcess(t, 'Consignation TGBT atelier — départ D4');
    const copy = await call(t, 'acmeAdmin', 'POST', '/api/v3/process/duplicate', { id: d4 });
    const modele = await call(t, 'acmeAdmin', 'GET', `/api/v3/process/modele/${copy.id}`);
    const etapes = [...modele.etapes].sort((a: any, b: any) => a.ordre - b.ordre);
    let p = copy;
    const sign = async (as: 'acmeAdmin' | 'acmeResponsable' | 'acmeTechnicien', e: any) => {
      const rawData: Record<string, unknown> = {};
      for (const m of e.metriques) {
        if (m.dataType === 'checkbox') rawData[String(m.id)] = true;
        if (m.dataType === 'text') rawData[String(m.id)] = 'C7-1, C7-2';
      }
      const signatures = e.metriques.filter((m: any) => m.dataType === 'signature').map((m: any) => ({ metriqueId: m.id, image: IMG }));
      const r = await t.req(as, 'PUT', '/api/v3/process/sign', { id: copy.id, etapeId: e.id, version: p.version, rawData, signatures });
      return r;
    };
    for (const e of etapes.filter((x: any) => x.ordre <= 6)) {
      const r = await sign('acmeAdmin', e);
      expect(r.statusCode, r.body).toBe(200);
      p = r.json();
    }
    let d = await detail(t, copy.id);
    expect(d.etat).toBe('preparee');
    expect(d.operationsRequises.every((o: any) => o.faite)).toBe(true);
    // The copy has D4's isolation points, without their padlocks: the attestation waits for them.
    expect(d.points.length).toBeGreaterThan(0);
    expect(d.points.every((x: any) => x.numeroCadenas === null && x.pose === null)).toBe(true);
    const unpadlocked = await sign('acmeResponsable', etapes[6]);
    expect(unpadlocked.statusCode).toBe(409);
    expect(unpadlocked.json().message).toMatch(/^Points d'isolement sans numéro de cadenas : /);
    for (const [i, x] of d.points.entries())
      await call(t, 'acmeTechnicien', 'PUT', '/api/v2/consignation/point/cadenas', { id: x.id, numeroCadenas: `C7-${i + 1}` });
    const attestation = await sign('acmeResponsable', etapes[6]);
    expect(attestation.statusCode, attestation.body).toBe(200);
    p = attestation.json();
    d = await detail(t, copy.id);
    expect(d.etat).toBe('consignee');
    expect(d.attestations).toHaveLength(1);
    // The lists keep showing the step alone: this process never used codes.
    expect(p.status ?? null).toBeNull();
    // A personal padlock on: the release waits for it.
    await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/cadenas/create', {
      processId: copy.id,
      utilisateurId: t.ids.user.acmeTechnicien,
      numero: 'P-77',
    });
    const avis = await sign('acmeTechnicien', etapes[7]);
    expect(avis.statusCode, avis.body).toBe(200);
    p = avis.json();
    d = await detail(t, copy.id);
    expect(d.etat).toBe('deconsignation_demandee');
    expect(d.avisFinTravail).toHaveLength(1);
    const blocked = await sign('acmeResponsable', etapes[8]);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toMatch(/^Déconsignation impossible : cadenas personnels encore posés : .*P-77/);
    const padlock = (await detail(t, copy.id)).cadenas[0];
    await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/cadenas/remove', { id: padlock.id });
    const release = await sign('acmeResponsable', etapes[8]);
    expect(release.statusCode, release.body).toBe(200);
    expect((await detail(t, copy.id)).etat).toBe('cloturee');
  });
});

describe('a duplicate', () => {
  const MERE = 'Arrêt ligne de production 1 — consignation générale';
  const copies = async () =>
    (
      await sysRows<{ n: number }>(
        t,
        sql`select count(*)::int as n from process where entreprise_id = ${t.ids.acme} and nom_process = ${`${MERE} (copie)`}`,
      )
    )[0].n;
  it('is refused to a contractor and to another company, and nothing is written', async () => {
    const src = await demoProcess(t, MERE);
    const [before] = await sysRows<{ n: number }>(t, sql`select count(*)::int as n from consignation_point`);
    expect((await t.req('gammaUser', 'POST', '/api/v3/process/duplicate', { id: src })).statusCode).toBe(403);
    expect((await t.req('betaAdmin', 'POST', '/api/v3/process/duplicate', { id: src })).statusCode).toBe(404);
    expect(await copies()).toBe(0);
    const [after] = await sysRows<{ n: number }>(t, sql`select count(*)::int as n from consignation_point`);
    expect(after.n).toBe(before.n);
  });
  it('copies the lockout’s isolation points, without padlocks, signatures or documents: it starts « demandée »', async () => {
    const src = await demoProcess(t, MERE);
    const source = await detail(t, src);
    expect(source.points.length).toBeGreaterThan(0);
    expect(source.points.every((x: any) => x.numeroCadenas)).toBe(true);
    const copy = await call(t, 'acmeAdmin', 'POST', '/api/v3/process/duplicate', { id: src });
    const d = await detail(t, copy.id);
    expect(d).toMatchObject({ etat: 'demande', code: null, operations: [], cadenas: [], attestations: [], avisFinTravail: [] });
    const what = (x: any) => ({ equipementPointId: x.equipementPointId, repere: x.repere, energie: x.energie, dispositif: x.dispositif });
    expect(d.points.map(what)).toEqual(source.points.map(what));
    expect(d.points.every((x: any) => x.numeroCadenas === null && x.pose === null && x.retrait === null && !x.herite)).toBe(true);
    // The source is unchanged, and the copy is journaled.
    expect((await detail(t, src)).points).toEqual(source.points);
    expect((await journalOf(copy.id)).find((j) => j.action === 'points-isolement')?.after).toEqual({
      copieDe: src,
      ajoutes: source.points.length,
    });
  });
});

describe('the demo’s lockouts', () => {
  const ENGAGEES = ['consignee_etape1', 'consignee', 'travaux_autorises', 'en_cours', 'interrompue', 'suspendue_securite'];
  it('past « préparée », each has isolation points, padlocked as its state has them; a request has none padlocked', async () => {
    const rows = await sysRows<{ id: number; nom: string; etat: string; mere_id: number | null }>(
      t,
      sql`select c.process_id as id, p.nom_process as nom, c.etat, c.mere_id from consignation c join process p on p.id = c.process_id
        where c.entreprise_id = ${t.ids.acme} and p.nom_process not like 'Consignation de test %'
          and p.nom_process not like '% (copie)' order by c.process_id`,
    );
    const points = await sysRows<{ process_id: number; numero_cadenas: string | null; pose_at: string | null; retrait_at: string | null }>(
      t,
      sql`select process_id, numero_cadenas, pose_at, retrait_at from consignation_point where entreprise_id = ${t.ids.acme}`,
    );
    const own = (id: number) => points.filter((x) => x.process_id === id);
    // The lockouts rebuilt from their signed steps too (D4 prepared, its condamnation signed; T2 closed; P12 asked).
    expect(rows.map((r) => r.nom)).toEqual(
      expect.arrayContaining([
        'Consignation TGBT atelier — départ D4',
        'Consignation transformateur T2 (arrêt annuel)',
        'Consignation pompe de relevage P12',
      ]),
    );
    const byName = (nom: string) => rows.find((r) => r.nom === nom)!;
    expect(own(byName('Consignation transformateur T2 (arrêt annuel)').id).length).toBe(2);
    expect(own(byName('Consignation TGBT atelier — départ D4').id).every((x) => x.numero_cadenas && !x.retrait_at)).toBe(true);
    expect(own(byName('Consignation pompe de relevage P12').id).length).toBeGreaterThan(0);
    for (const r of rows) {
      const mine = own(r.id);
      const inherited = r.mere_id ? own(r.mere_id) : [];
      if (!['demande', 'preparee', 'annulee'].includes(r.etat)) expect(mine.length + inherited.length, r.nom).toBeGreaterThan(0);
      if (ENGAGEES.includes(r.etat) || r.etat === 'deconsignation_demandee')
        expect(
          mine.every((x) => x.numero_cadenas && x.pose_at && !x.retrait_at),
          `${r.nom} (${r.etat}): padlocks on`,
        ).toBe(true);
      if (r.etat === 'deconsignee' || r.etat === 'cloturee')
        expect(
          mine.every((x) => x.numero_cadenas && x.pose_at && x.retrait_at),
          `${r.nom} (${r.etat}): padlocks off`,
        ).toBe(true);
      if (r.etat === 'demande')
        expect(
          mine.every((x) => !x.numero_cadenas && !x.pose_at),
          `${r.nom}: none padlocked`,
        ).toBe(true);
    }
  });
  it('are rebuilt once: a second pass finds nothing to rebuild and adds no point', async () => {
    const [before] = await sysRows<{ n: number }>(t, sql`select count(*)::int as n from consignation_point`);
    const rebuilt = await withSystem(t.server.database.db, 'test: demo lockouts', (tx) => ensureLockoutRecords(tx, t.ids.acme));
    expect(rebuilt).toEqual([]);
    const [after] = await sysRows<{ n: number }>(t, sql`select count(*)::int as n from consignation_point`);
    expect(after.n).toBe(before.n);
  });
});

describe('mother and daughters', () => {
  let mere: number;
  beforeAll(async () => {
    mere = await newLockout(t, { typeConsignation: 2 });
  });
  it('a daughter is refused while the mother is not consigned', async () => {
    const r = await t.req('acmeTechnicien', 'POST', '/api/v3/process/create', {
      processModeleId: await lockoutWorkflow(t),
      parentId: mere,
      typeConsignation: 7,
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('Une consignation fille ne se crée que sous une mère consignée ; la mère est « Demandée ».');
    const [{ n }] = await sysRows<{ n: number }>(t, sql`select count(*)::int as n from process where parent_id = ${mere}`);
    expect(n).toBe(0);
  });
  it('under a consigned mother: the daughter inherits its points, the mother waits for it, an essai interrupts it', async () => {
    await move(t, mere, 'preparee');
    await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/point/create', {
      processId: mere,
      repere: 'Q1',
      energie: 'electrique',
      dispositif: 'Disjoncteur général',
      positionRequise: 'ouvert',
      numeroCadenas: 'C-1',
    });
    for (const operation of FIVE)
      await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/operation/sign', { processId: mere, operation });
    await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/attestation/create', { processId: mere, type: 'consignation' });
    await move(t, mere, 'en_cours');
    const fille = await newLockout(t, { typeConsignation: 7, parentId: mere });
    let f = await detail(t, fille);
    expect(f.mere).toMatchObject({ processId: mere, etat: 'en_cours' });
    expect(f.points).toEqual([expect.objectContaining({ repere: 'Q1', herite: true })]);
    await move(t, fille, 'preparee');
    for (const operation of FIVE)
      await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/operation/sign', { processId: fille, operation });
    await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/attestation/create', { processId: fille, type: 'consignation' });
    await move(t, fille, 'en_cours');
    // The mother's avis is signed, but its daughter is open.
    await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/avis_fin_travail/create', { processId: mere, equipe: 'Exploitation' });
    const refused = await t.req('acmeTechnicien', 'POST', '/api/v2/consignation/transition', {
      processId: mere,
      etat: 'deconsignation_demandee',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Déconsignation impossible : consignations filles encore ouvertes : N° /);
    // An essai on the mother interrupts the daughter, which cannot resume meanwhile.
    const essai = await newLockout(t, { typeConsignation: 3, parentId: mere });
    f = await detail(t, fille);
    expect(f.etat).toBe('interrompue');
    expect(await stateOf(fille)).toMatchObject({ status: 'IT' });
    const resume = await t.req('acmeTechnicien', 'POST', '/api/v2/consignation/transition', { processId: fille, etat: 'en_cours' });
    expect(resume.statusCode).toBe(409);
    expect(resume.json().message).toMatch(/essai ou une réquisition/);
    await move(t, essai, 'annulee');
    await move(t, fille, 'en_cours');
    // The daughter's avis closes it for its mother: the mother may now go.
    await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/avis_fin_travail/create', { processId: fille, equipe: 'Équipe fille' });
    const ok = await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/transition', {
      processId: mere,
      etat: 'deconsignation_demandee',
    });
    expect(ok.etat).toBe('deconsignation_demandee');
    expect(ok.filles[0]).toMatchObject({ processId: fille, ouverte: false });
  });
  it('each register row carries its state’s code as the company set it (the first in order), none for a state without one', async () => {
    const ts = (await call(t, 'acmeAdmin', 'GET', '/api/v2/registre_code/get')).find((c: any) => c.code === 'TS');
    await call(t, 'acmeAdmin', 'PUT', '/api/v2/registre_code/update', {
      code: 'TS',
      libelle: 'Travaux lancés',
      couleur: '#0b7285',
      icone: 'hammer',
    });
    try {
      const codes: RegistreCode[] = await call(t, 'acmeAdmin', 'GET', '/api/v2/registre_code/get');
      const page = await call(t, 'acmeResponsable', 'GET', '/api/v2/consignation/get_by_paging?perPage=1000');
      expect(new Set(page.items.map((r: any) => r.etat)).size).toBeGreaterThan(3);
      // The same code as the lockout's screen gives (codeOfEtat over the company's codes in their order).
      for (const r of page.items) {
        const c = codeOfEtat(codes, r.etat);
        expect(
          { code: r.code, codeLibelle: r.codeLibelle, couleur: r.couleur, icone: r.icone, terminal: r.terminal },
          r.nomProcess,
        ).toEqual({
          code: c?.code ?? null,
          codeLibelle: c?.libelle ?? null,
          couleur: c?.couleur ?? null,
          icone: c?.icone ?? null,
          terminal: c?.terminal ?? ['cloturee', 'annulee'].includes(r.etat),
        });
      }
      expect(page.items.some((r: any) => r.code === 'TS' && r.codeLibelle === 'Travaux lancés' && r.icone === 'hammer')).toBe(true);
      expect(page.items.some((r: any) => r.code === null)).toBe(true);
    } finally {
      await call(t, 'acmeAdmin', 'PUT', '/api/v2/registre_code/update', {
        code: 'TS',
        libelle: ts.libelle,
        couleur: ts.couleur,
        icone: ts.icone,
      });
    }
  });
  it('the register shows the demo mother with its daughters and padlock counts', async () => {
    // The responsable reads the whole tree; the demo's technician only « Utilités » (registre-rights.test.ts).
    const page = await call(t, 'acmeResponsable', 'GET', '/api/v2/consignation/get_by_paging?code=TS&perPage=100');
    const demoMere = page.items.find((r: any) => r.nomProcess === 'Arrêt ligne de production 1 — consignation générale');
    expect(demoMere).toMatchObject({ code: 'TS', codeLibelle: 'Travaux en cours sous consignation', cadenasPoses: 2, cadenasTotal: 3 });
    expect(demoMere.filles.map((f: any) => f.ouverte)).toEqual([true, false]);
    expect(page.items.every((r: any) => r.code === 'TS')).toBe(true);
    const daughters = await call(t, 'acmeResponsable', 'GET', '/api/v2/consignation/get_by_paging?typeConsignation=7&perPage=100');
    expect(daughters.items.every((r: any) => r.nameConsignation === 'Consignation fille')).toBe(true);
    const [ligne] = await sysRows<{ id: number }>(
      t,
      sql`select id from equipement where entreprise_id = ${t.ids.acme} and name = 'Ligne de production 1'`,
    );
    const sub = await call(t, 'acmeResponsable', 'GET', `/api/v2/consignation/get_by_paging?equipementId=${ligne.id}&perPage=100`);
    expect(sub.items.map((r: any) => r.nomProcess)).toEqual(
      expect.arrayContaining(['Consignation fille — maintenance de la pompe L1-P1', 'Arrêt ligne de production 1 — consignation générale']),
    );
  });
});

describe('personal padlocks', () => {
  it('only their holder removes them; an absent worker’s by the attestation’s signer, with a witness, journaled', async () => {
    const id = await consignedLockout(t);
    const put = await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/cadenas/create', {
      processId: id,
      utilisateurId: t.ids.user.acmeResponsable,
      numero: 'P-5',
    });
    const c = put.cadenas[0];
    const twice = await t.req('acmeTechnicien', 'POST', '/api/v2/consignation/cadenas/create', {
      processId: id,
      utilisateurId: t.ids.user.acmeResponsable,
      numero: 'P-6',
    });
    expect(twice.statusCode).toBe(409);
    const notHis = await t.req('acmeTechnicien', 'POST', '/api/v2/consignation/cadenas/remove', { id: c.id });
    expect(notHis.statusCode).toBe(403);
    const notSigner = await t.req('acmeAdmin', 'POST', '/api/v2/consignation/cadenas/remove_absent', {
      id: c.id,
      motif: 'Parti en fin de poste sans retirer son cadenas.',
      temoinId: t.ids.user.acmeTechnicien,
    });
    expect(notSigner.statusCode).toBe(403);
    expect(notSigner.json().message).toMatch(/chargé de consignation/);
    const selfWitness = await t.req('acmeTechnicien', 'POST', '/api/v2/consignation/cadenas/remove_absent', {
      id: c.id,
      motif: 'Parti en fin de poste sans retirer son cadenas.',
      temoinId: t.ids.user.acmeTechnicien,
    });
    expect(selfWitness.statusCode).toBe(400);
    const done = await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/cadenas/remove_absent', {
      id: c.id,
      motif: 'Parti en fin de poste sans retirer son cadenas.',
      temoinId: t.ids.user.acmeAdmin,
      image: IMG,
    });
    expect(done.cadenas[0]).toMatchObject({
      retrait: { utilisateurId: t.ids.user.acmeTechnicien },
      retraitAbsent: { temoinId: t.ids.user.acmeAdmin },
    });
    expect((await journalOf(id)).some((j) => j.action === 'cadenas-retrait-absent' && j.after.motif.startsWith('Parti'))).toBe(true);
  });
});

describe('other modules’ blockers', () => {
  it('refuse the déconsignation with their French reason', async () => {
    const id = await consignedLockout(t);
    await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/avis_fin_travail/create', { processId: id, equipe: 'A' });
    registerDeconsignationBlocker('test', async (_tx, a) => (a.processId === id ? ['Permis N° 42 non clos'] : []));
    try {
      const r = await t.req('acmeTechnicien', 'POST', '/api/v2/consignation/transition', {
        processId: id,
        etat: 'deconsignation_demandee',
      });
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe('Déconsignation impossible : Permis N° 42 non clos.');
    } finally {
      registerDeconsignationBlocker('test', async () => []);
    }
    expect((await move(t, id, 'deconsignation_demandee')).etat).toBe('deconsignation_demandee');
  });
});

describe('concurrency', () => {
  it('simultaneous attestations get distinct numbers without gaps', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const id = await newLockout(t);
      await move(t, id, 'preparee');
      for (const operation of FIVE)
        await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/operation/sign', { processId: id, operation });
      ids.push(id);
    }
    const rs = await Promise.all(
      ids.map((processId) =>
        t.req('acmeTechnicien', 'POST', '/api/v2/consignation/attestation/create', { processId, type: 'consignation' }),
      ),
    );
    expect(rs.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const numbers = rs.map((r) => r.json().attestations[0].numero).sort((a: number, b: number) => a - b);
    expect(new Set(numbers).size).toBe(8);
    expect(numbers.at(-1) - numbers[0]).toBe(7);
  });

  it('two déconsignation requests racing a daughter’s avis never release the mother with an open daughter', async () => {
    const mere = await consignedLockout(t, { typeConsignation: 2 });
    await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/avis_fin_travail/create', { processId: mere, equipe: 'Exploitation' });
    const fille = await consignedLockout(t, { typeConsignation: 7, parentId: mere });
    const rs = await Promise.all([
      t.req('acmeTechnicien', 'POST', '/api/v2/consignation/transition', { processId: mere, etat: 'deconsignation_demandee' }),
      t.req('acmeTechnicien', 'POST', '/api/v2/consignation/avis_fin_travail/create', { processId: fille, equipe: 'Fille' }),
      t.req('acmeTechnicien', 'POST', '/api/v2/consignation/transition', { processId: mere, etat: 'deconsignation_demandee' }),
    ]);
    expect(rs.map((r) => r.statusCode).every((s) => s === 200 || s === 409)).toBe(true);
    expect(rs[1].statusCode).toBe(200);
    expect(rs.filter((r, i) => i !== 1 && r.statusCode === 200).length).toBeLessThanOrEqual(1);
    const [m] = await sysRows<{ etat: string; avis: number }>(
      t,
      sql`select (select etat from consignation where process_id = ${mere}) as etat,
        (select count(*)::int from consignation_avis where process_id = ${fille}) as avis`,
    );
    if (m.etat === 'deconsignation_demandee') expect(m.avis).toBe(1);
  });

  it('100 simultaneous padlock removals leave a consistent count', async () => {
    const id = await consignedLockout(t);
    const holders = [t.ids.user.acmeTechnicien, t.ids.user.acmeResponsable, t.ids.user.acmeAdmin];
    const d = await (async () => {
      let last: any;
      for (const [i, u] of holders.entries())
        last = await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/cadenas/create', {
          processId: id,
          utilisateurId: u,
          numero: `P-${i}`,
        });
      return last;
    })();
    const mine = d.cadenas.find((c: any) => c.utilisateurId === t.ids.user.acmeTechnicien);
    const others = d.cadenas.filter((c: any) => c.utilisateurId !== t.ids.user.acmeTechnicien);
    const rs = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 3 === 0
          ? t.req('acmeTechnicien', 'POST', '/api/v2/consignation/cadenas/remove', { id: mine.id })
          : t.req('acmeTechnicien', 'POST', '/api/v2/consignation/cadenas/remove_absent', {
              id: others[i % 2].id,
              motif: 'Intervenant absent, joint par téléphone.',
              // The witness: the other absent worker (never the chargé de consignation nor the padlock's holder).
              temoinId: others[(i + 1) % 2].utilisateurId,
            }),
      ),
    );
    const codes = rs.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 409 || c === 400)).toBe(true);
    expect(codes.filter((c) => c === 200).length).toBe(3);
    const after = await detail(t, id);
    expect(after.cadenas.every((c: any) => c.retrait !== null)).toBe(true);
    const page = await call(t, 'acmeTechnicien', 'GET', '/api/v2/consignation/get_by_paging?perPage=1000');
    expect(page.items.find((r: any) => r.processId === id)).toMatchObject({ cadenasPoses: 0, cadenasTotal: 3 });
  });
});

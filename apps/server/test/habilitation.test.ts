import { jourDe } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendExpiryAlerts } from '../src/modules/habilitation/index.ts';
import { withSystem } from '../src/platform/db/tenant.ts';
import { createMailer } from '../src/platform/mail/outbox.ts';
import { type Actor, startTestApp, type TestApp } from './harness.ts';

// Habilitations (ticket 14) on PostgreSQL with the demo data: the gate on a consignation step (expired BC refused with
// the reason, renewed title passes, snapshot kept), the medical rule, coverage, a validated habilitation request
// granting a title, the EE staff read by the client, expiry alerts sent once, concurrency and bad inputs.

let t: TestApp;
const sys = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) =>
  withSystem(t.server.database.db, 'test: habilitation', async (tx) => (await tx.execute(q)) as unknown as { rows: T[] }).then(
    (r) => r.rows,
  );
const call = async (as: Actor, method: string, url: string, body?: unknown, status = 200) => {
  const r = await t.req(as, method, url, body);
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(status);
  return r.json();
};
const symbole = async (code: string, company = t.ids.acme) =>
  (
    await sys<{ id: number }>(sql`select id from habilitation where entreprise_id = ${company} and code = ${code} and deleted_at is null`)
  )[0].id;
const IMG = 'data:image/png;base64,iVBORw0KGgo=';
const today = () => jourDe(new Date());

beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t?.close());

describe('the standard catalogue', () => {
  it('is seeded for every company, new ones too, with its coverage', async () => {
    const [{ n }] = await sys<{ n: number }>(sql`select count(*)::int as n from habilitation where entreprise_id = ${t.ids.beta}`);
    expect(n).toBeGreaterThanOrEqual(40);
    const list = await call('betaAdmin', 'GET', '/api/v2/habilitation/get');
    expect(list.find((s: any) => s.code === 'BR').couvre).toEqual(expect.arrayContaining(['BS', 'BE Manœuvre']));
    expect(list.find((s: any) => s.code === 'H0V').medicalRequis).toBe(false);
  });

  it('refuses a coverage cycle, in French, and writes nothing', async () => {
    const b1 = await symbole('B1', t.ids.beta);
    const r = await t.req('betaAdmin', 'PUT', '/api/v2/habilitation/update', { id: b1, couvreIds: [await symbole('B2V', t.ids.beta)] });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('B2V couvre déjà B1 : B1 ne peut pas couvrir B2V.');
    const [{ n }] = await sys<{ n: number }>(sql`select count(*)::int as n from habilitation_couverture where habilitation_id = ${b1}`);
    expect(n).toBe(1);
  });

  it('refuses to remove a symbol a live title holds', async () => {
    const r = await t.req('acmeAdmin', 'DELETE', `/api/v2/habilitation/delete/${await symbole('BC')}`);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/^Le symbole BC figure sur \d+ titres d'habilitation en cours/);
  });
});

describe('the gate, read for a person', () => {
  const check = (as: Actor, userId: number, codes: string) =>
    call(as, 'GET', `/api/v2/habilitation/check?utilisateurId=${userId}&codes=${encodeURIComponent(codes)}`);
  it('passes B0 without a medical attestation, and a covering symbol', async () => {
    expect((await check('acmeAdmin', t.ids.user.acmeAdmin, 'B0')).ok).toBe(true);
    expect((await check('acmeAdmin', t.ids.user.acmeTechnicien, 'B1V')).ok).toBe(true);
  });
  it('for someone else, only to those who issue titles or read medical data', async () => {
    const r = await t.req('acmeTechnicien', 'GET', `/api/v2/habilitation/check?utilisateurId=${t.ids.user.acmeResponsable}&codes=BC`);
    expect(r.statusCode).toBe(403);
    expect((await check('acmeTechnicien', t.ids.user.acmeTechnicien, 'BC')).ok).toBe(true);
  });
  it('names an expired recyclage', async () => {
    const [faure] = await sys<{ id: number }>(sql`select id from utilisateur where mail = 'j.faure@acme.demo.fr'`);
    const r = await check('acmeResponsable', faure.id, 'BC');
    expect(r.ok).toBe(false);
    expect(r.raisons[0]).toMatch(/^Habilitation BC expirée le \d\d\/\d\d\/\d\d \(recyclage dépassé\)\.$/);
  });
});

describe('signing a step that requires BC (demo « Consignation électrique »)', () => {
  let processId: number;
  let sigs: number[];
  let expiredTitre: number;
  beforeAll(async () => {
    [{ id: processId }] = await sys<{ id: number }>(
      sql`select id from process where entreprise_id = ${t.ids.acme} and nom_process = 'Consignation armoire de ventilation CTA-2'`,
    );
    sigs = (
      await sys<{ id: number }>(sql`select m.id from metrique m join etape e on e.id = m.etape_id
        where e.process_modele_id = (select process_modele_id from process where id = ${processId})
          and e.nom = 'Attestation de consignation' and m.data_type = 'signature' order by m.idx`)
    ).map((r) => r.id);
    // The responsable's title is revoked; a new one holds BC whose recyclage fell due on 03/01/25.
    const [current] = await sys<{ id: number }>(
      sql`select id from titre_habilitation where utilisateur_id = ${t.ids.user.acmeResponsable} and etat = 'signe'`,
    );
    await call('acmeAdmin', 'POST', '/api/v2/titre_habilitation/revoke', { id: current.id, motif: 'Remplacé pour le test' });
    const titre = await call('acmeAdmin', 'POST', '/api/v2/titre_habilitation/create', {
      utilisateurId: t.ids.user.acmeResponsable,
      dateDelivrance: '2022-01-03',
      detentions: [{ habilitationId: await symbole('BC'), dateObtention: '2022-01-03' }],
    });
    expiredTitre = titre.id;
    expect(titre.detentions[0].dateEcheance).toBe('2025-01-03');
    await call('acmeAdmin', 'POST', '/api/v2/titre_habilitation/sign_employeur', { id: titre.id, image: IMG });
    const both = await call('acmeResponsable', 'POST', '/api/v2/titre_habilitation/sign_titulaire', { id: titre.id });
    expect(both.etat).toBe('signe');
  });

  const sign = (as: Actor) =>
    t.req(as, 'PUT', '/api/v3/process/sign', { id: processId, signatures: sigs.map((metriqueId) => ({ metriqueId, image: IMG })) });
  const state = async () =>
    (
      await sys<{ ordre: number; n: number }>(sql`select current_ordre as ordre,
        (select count(*)::int from signature s where s.process_id = p.id and s.cleared_at is null) as n from process p where id = ${processId}`)
    )[0];

  it('refuses an expired BC holder with the reason, and writes nothing', async () => {
    const before = await state();
    const r = await sign('acmeResponsable');
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(
      "Signature refusée pour l'étape « Attestation de consignation ». Habilitation requise : BC. Habilitation BC expirée le 03/01/25 (recyclage dépassé).",
    );
    expect(r.json().detail.raisons).toEqual(['Habilitation BC expirée le 03/01/25 (recyclage dépassé).']);
    expect(await state()).toEqual(before);
    // A field signature of that step is refused the same way.
    const f = await t.req('acmeResponsable', 'POST', '/api/v2/signature/register', { processId, metriqueId: sigs[0], image: IMG });
    expect(f.statusCode).toBe(403);
  });

  it('after renewal (both signatures), the same signature passes and keeps a snapshot', async () => {
    const renewed = await call('acmeAdmin', 'POST', '/api/v2/titre_habilitation/renew', { id: expiredTitre });
    expect(renewed).toMatchObject({ etat: 'brouillon', remplaceId: expiredTitre, detentions: [{ code: 'BC', dateObtention: today() }] });
    // Still refused while the renewed title is not signed by both.
    expect((await sign('acmeResponsable')).statusCode).toBe(403);
    await call('acmeAdmin', 'POST', '/api/v2/titre_habilitation/sign_employeur', { id: renewed.id });
    await call('acmeResponsable', 'POST', '/api/v2/titre_habilitation/sign_titulaire', { id: renewed.id });
    expect((await call('acmeAdmin', 'GET', `/api/v2/titre_habilitation/get/${expiredTitre}`)).etat).toBe('remplace');
    const r = await sign('acmeResponsable');
    expect(r.statusCode, r.body).toBe(200);
    const snaps = await sys<{ habilitation: any }>(
      sql`select habilitation from signature where process_id = ${processId} and metrique_id = any(${`{${sigs.join(',')}}`}::int[]) and cleared_at is null`,
    );
    expect(snaps).toHaveLength(2);
    for (const s of snaps) {
      expect(s.habilitation).toMatchObject({
        requis: ['BC'],
        code: 'BC',
        titreId: renewed.id,
        numero: renewed.numero,
        dateObtention: today(),
      });
      expect(s.habilitation.visiteId).toEqual(expect.any(Number));
    }
    const [j] = await sys<{ after: any }>(
      sql`select after from process_journal where process_id = ${processId} and action = 'signature' order by id desc limit 1`,
    );
    expect(j.after.habilitation.code).toBe('BC');
  });

  it('refuses without a valid medical attestation (BC needs one), names it, and passes once recorded', async () => {
    const gate = () => call('acmeAdmin', 'GET', `/api/v2/habilitation/check?utilisateurId=${t.ids.user.acmeResponsable}&codes=BC`);
    for (const v of await call('acmeAdmin', 'GET', `/api/visite_medicale/gets?utilisateurId=${t.ids.user.acmeResponsable}`))
      await call('acmeAdmin', 'POST', '/api/v2/visite_medicale/cancel', { id: v.id, motif: 'Test du contrôle médical' });
    expect((await gate()).raisons).toEqual(['Aucune attestation médicale de non contre-indication valide.']);
    await call('acmeAdmin', 'POST', '/api/v2/visite_medicale/create', {
      utilisateurId: t.ids.user.acmeResponsable,
      type: 'attestation',
      date: '2020-01-06',
      resultat: 'favorable',
    });
    expect((await gate()).raisons).toEqual(['Attestation médicale de non contre-indication expirée le 06/01/25.']);
    await call('acmeAdmin', 'POST', '/api/v2/visite_medicale/create', {
      utilisateurId: t.ids.user.acmeResponsable,
      type: 'attestation',
      date: today(),
      resultat: 'favorable',
    });
    expect((await gate()).ok).toBe(true);
  });
});

describe('titles', () => {
  it('numbers concurrent titles without a gap or a duplicate', async () => {
    const b1v = await symbole('B1V');
    const made = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('acmeAdmin', 'POST', '/api/v2/titre_habilitation/create', {
          utilisateurId: t.ids.user.acmeTechnicien,
          dateDelivrance: '2026-11-20',
          detentions: [{ habilitationId: b1v, dateObtention: '2026-11-20' }],
        }),
      ),
    );
    const numeros = made.map((m) => m.numero);
    expect(new Set(numeros).size).toBe(6);
    for (const m of made) expect(m.numero).toMatch(/^TH-\d{4}$/);
  });

  it('signed concurrently by the employer keeps one signature', async () => {
    const d = await call('acmeAdmin', 'POST', '/api/v2/titre_habilitation/create', {
      utilisateurId: t.ids.user.acmeTechnicien,
      dateDelivrance: '2026-11-20',
      detentions: [{ habilitationId: await symbole('BS'), dateObtention: '2026-11-20' }],
    });
    const all = await Promise.all(
      Array.from({ length: 8 }, () => call('acmeAdmin', 'POST', '/api/v2/titre_habilitation/sign_employeur', { id: d.id })),
    );
    expect(new Set(all.map((x) => x.signatureEmployeur.at)).size).toBe(1);
  });

  it('refuses a symbol of another company, and a holder signing someone else’s title; nothing written', async () => {
    const [{ n: before }] = await sys<{ n: number }>(sql`select count(*)::int as n from titre_habilitation`);
    const r = await t.req('acmeAdmin', 'POST', '/api/v2/titre_habilitation/create', {
      utilisateurId: t.ids.user.acmeTechnicien,
      dateDelivrance: '2026-11-20',
      detentions: [{ habilitationId: await symbole('BR', t.ids.beta), dateObtention: '2026-11-20' }],
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/^Référence invalide/);
    const dup = await t.req('acmeAdmin', 'POST', '/api/v2/titre_habilitation/create', {
      utilisateurId: t.ids.user.acmeTechnicien,
      dateDelivrance: '2026-11-20',
      detentions: [
        { habilitationId: await symbole('BR'), dateObtention: '2026-11-20' },
        { habilitationId: await symbole('BR'), dateObtention: '2026-11-21' },
      ],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('Un même symbole figure deux fois sur le titre.');
    const [{ n: after }] = await sys<{ n: number }>(sql`select count(*)::int as n from titre_habilitation`);
    expect(after).toBe(before);
    const [other] = await sys<{ id: number }>(
      sql`select id from titre_habilitation where numero = 'TH-0006' and entreprise_id = ${t.ids.acme}`,
    );
    const s = await t.req('acmeTechnicien', 'POST', '/api/v2/titre_habilitation/sign_titulaire', { id: other.id });
    expect(s.statusCode).toBe(403);
    expect(s.json().message).toBe("Seul le titulaire signe son titre d'habilitation en tant que titulaire.");
  });

  it('a signed title is renewed or revoked, not edited nor deleted', async () => {
    const [th1] = await sys<{ id: number }>(
      sql`select id from titre_habilitation where numero = 'TH-0001' and entreprise_id = ${t.ids.acme}`,
    );
    expect((await t.req('acmeAdmin', 'PUT', '/api/v2/titre_habilitation/update', { id: th1.id, observations: 'x' })).statusCode).toBe(409);
    expect((await t.req('acmeAdmin', 'DELETE', `/api/v2/titre_habilitation/delete/${th1.id}`)).statusCode).toBe(409);
  });
});

describe('the training a title rests on (avis après formation)', () => {
  const formationOf = async (intitule: string) =>
    (await sys<{ id: number }>(sql`select id from formation where entreprise_id = ${t.ids.acme} and intitule = ${intitule}`))[0].id;
  const titre = (formationId: number, codes: number[], utilisateurId = t.ids.user.acmeResponsable) => ({
    utilisateurId,
    dateDelivrance: '2026-11-20',
    formationId,
    detentions: codes.map((habilitationId) => ({ habilitationId, dateObtention: '2026-11-20' })),
  });

  it('accepts a training whose favourable avis covers every symbol (B2V covers B1V)', async () => {
    const f = await formationOf('Recyclage habilitation électrique BC-B2V-H0V');
    const d = await call('acmeAdmin', 'POST', '/api/v2/titre_habilitation/create', titre(f, [await symbole('BC'), await symbole('B1V')]));
    expect(d.formationId).toBe(f);
  });

  it('refuses, in French and writing nothing, a symbol without a favourable avis or another person’s training', async () => {
    const [{ n: before }] = await sys<{ n: number }>(sql`select count(*)::int as n from titre_habilitation`);
    const f = await formationOf('Recyclage habilitation électrique BC-B2V-H0V');
    const r = await t.req('acmeAdmin', 'POST', '/api/v2/titre_habilitation/create', titre(f, [await symbole('BC'), await symbole('BR')]));
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe("La formation du 26/08/2024 ne porte pas d'avis favorable pour BR.");
    const defavorable = await formationOf('Habilitation électrique BC — chargé de consignation');
    const r2 = await t.req(
      'acmeAdmin',
      'POST',
      '/api/v2/titre_habilitation/create',
      titre(defavorable, [await symbole('BC')], t.ids.user.acmeTechnicien),
    );
    expect(r2.statusCode).toBe(409);
    expect(r2.json().message).toMatch(/pas d'avis favorable pour BC\.$/);
    const r3 = await t.req('acmeAdmin', 'POST', '/api/v2/titre_habilitation/create', titre(defavorable, [await symbole('B0')]));
    expect(r3.statusCode).toBe(400);
    expect(r3.json().message).toBe('Formation introuvable pour cette personne.');
    const [{ n: after }] = await sys<{ n: number }>(sql`select count(*)::int as n from titre_habilitation`);
    expect(after).toBe(before);
  });
});

describe('contractors (EE) staff', () => {
  it('the client reads its contractor’s staff habilitations; the contractor does not read the client’s', async () => {
    const m = await call('acmeResponsable', 'GET', `/api/v2/habilitation/matrix?entrepriseId=${t.ids.gamma}`);
    const roux = m.items.find((p: any) => p.nom === 'Roux');
    expect(roux.cellules.map((c: any) => c.code).sort()).toEqual(['B1V', 'BS', 'H0V']);
    expect(roux.medical).toEqual({ validUntil: '2027-06-19', etat: 'valide' });
    const holders = await call('acmeResponsable', 'GET', `/api/getHabilitationsByEntreprise/${t.ids.gamma}`);
    expect(holders.find((h: any) => h.code === 'BS').titulaires.map((x: any) => x.nom)).toEqual(['Roux']);
    expect([400, 404]).toContain((await t.req('gammaUser', 'GET', `/api/v2/habilitation/matrix?entrepriseId=${t.ids.acme}`)).statusCode);
    expect((await t.req('betaAdmin', 'GET', `/api/getHabilitationsByEntreprise/${t.ids.acme}`)).statusCode).toBe(404);
  });

  it('hides the medical column from those who do not read medical follow-up', async () => {
    const m = await call('acmeTechnicien', 'GET', '/api/v2/habilitation/matrix');
    expect(m.items.every((p: any) => p.medical === null)).toBe(true);
  });
});

describe('a habilitation request (software mh)', () => {
  it('when validated, grants its « accordée » habilitations as a draft title, journaled, and lists its levels', async () => {
    const w = await call('acmeAdmin', 'POST', '/api/v2/workflow/create', { libelle: 'Demande d’habilitation', package: 'mh' });
    const [s1] = w.etapes;
    await call('acmeAdmin', 'PUT', '/api/v2/etape/assign_metrique', { etapeId: s1.id, nom: 'Motif', dataType: 'text' });
    await sys(sql`insert into entreprise_process_modele (entreprise_id, logiciel_id, process_modele_id)
      values (${t.ids.acme}, (select id from logiciel where code = 'mh'), ${w.id})`);
    const p = await call('acmeAdmin', 'POST', '/api/v3/process/create', {
      processModeleId: w.id,
      nomProcess: 'Habilitation BR de Camille',
    });
    await call('acmeAdmin', 'POST', '/api/v2/process_habilitation/update', {
      processId: p.id,
      habilitationIds: [await symbole('BR'), await symbole('BE Mesurage')],
      sens: 'accordee',
      utilisateurId: t.ids.user.acmeTechnicien,
    });
    const [row] = await sys<{ niveaux: string }>(sql`select (select string_agg(distinct h.code, ', ') from process_habilitation ph
      join habilitation h on h.id = ph.habilitation_id where ph.process_id = ${p.id} and ph.deleted_at is null) as niveaux`);
    expect(row.niveaux).toBe('BE Mesurage, BR');
    let cur = p;
    while (cur.etat !== 'termine') cur = await call('acmeAdmin', 'PUT', '/api/v3/process/sign', { id: p.id });
    const [titre] = await sys<{ id: number; etat: string }>(sql`select id, etat from titre_habilitation where process_id = ${p.id}`);
    expect(titre.etat).toBe('brouillon');
    const got = await call('acmeAdmin', 'GET', `/api/v2/titre_habilitation/get/${titre.id}`);
    expect(got.utilisateurId).toBe(t.ids.user.acmeTechnicien);
    expect(got.detentions.map((d: any) => d.code).sort()).toEqual(['BE Mesurage', 'BR']);
    const [j] = await sys<{ after: any }>(
      sql`select after from process_journal where process_id = ${p.id} and action = 'habilitations-accordees'`,
    );
    expect(j.after.titres[0].codes.sort()).toEqual(['BE Mesurage', 'BR']);
    // Ended: its habilitations no longer change.
    const late = await t.req('acmeAdmin', 'POST', '/api/v2/process_habilitation/update', { processId: p.id, habilitationIds: [] });
    expect(late.statusCode).toBe(409);
  });
});

describe('expiry alerts', () => {
  const mailer = () => createMailer(t.server.database.db, null, { info: () => {}, error: () => {} });
  const run = (now: Date) => withSystem(t.server.database.db, 'test: expiry alerts', (tx) => sendExpiryAlerts(tx, mailer(), now));
  const mails = async () =>
    (await sys<{ n: number }>(sql`select count(*)::int as n from outbox where destinataire = 'g.bernard@acme.demo.fr'`))[0].n;

  it('go out once per record and threshold, run twice or concurrently', async () => {
    const now = new Date();
    const sent = await Promise.all([run(now), run(now), run(now)]);
    // Gilles's B2V, BR and BE Manœuvre fall due in 20 days: the 30-day threshold, once each.
    expect(await mails()).toBe(3);
    expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
    expect(await run(now)).toBe(0);
    expect(await mails()).toBe(3);
    const [subject] = await sys<{ sujet: string }>(
      sql`select sujet from outbox where destinataire = 'g.bernard@acme.demo.fr' order by id limit 1`,
    );
    expect(subject.sujet).toMatch(/^Recyclage de l'habilitation (B2V|BR|BE Manœuvre) \(titre n° TH-0004\) : échéance le /);
    // Two weeks later, the 7-day threshold: once more each.
    const later = new Date(now.getTime() + 15 * 86_400_000);
    await Promise.all([run(later), run(later)]);
    expect(await mails()).toBe(6);
    const [{ n }] = await sys<{
      n: number;
    }>(sql`select count(*)::int as n from habilitation_alerte a join utilisateur u on u.id = a.utilisateur_id
      where u.mail = 'g.bernard@acme.demo.fr'`);
    expect(n).toBe(6);
  });
});

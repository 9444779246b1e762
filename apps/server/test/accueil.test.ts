import { awaitsPerson } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/platform/db/tenant.ts';
import { type Actor, startTestApp, type TestApp } from './harness.ts';

// The home (« Accueil », GET /api/v2/accueil/get): what waits for whom, isolation between companies, today's
// lockouts and permits, what changed since the last visit (PUT /api/v2/accueil/seen). Decisions: docs/DECISIONS.md,
// « Accueil (ticket 12) ».

let t: TestApp;
/** A workflow: 1 Demande (no rule), 2 Validation (validator: the responsable), 3 Visa (the responsable's profile). */
let wf: { id: number; s1: number; s2: number; s3: number };
let responsableProfil: number;

const ok = async (as: Actor, method: string, url: string, body?: unknown) => {
  const r = await t.req(as, method, url, body);
  if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
  return r.json();
};
const home = (as: Actor) => ok(as, 'GET', '/api/v2/accueil/get?tz=Europe/Paris');
const ids = (section: { items: { id: number }[] }) => section.items.map((p) => p.id);
const everyId = (h: any) => [...ids(h.aSigner), ...ids(h.mesProcessus), ...ids(h.aujourdhui), ...ids(h.nouveautes)];

beforeAll(async () => {
  t = await startTestApp();
  const w = await ok('acmeAdmin', 'POST', '/api/v2/workflow/create', { libelle: 'Accueil — travaux en hauteur', package: 'permis' });
  await ok('acmeAdmin', 'POST', '/api/v2/etape/create', { processModeleId: w.id, nom: 'Validation' });
  await ok('acmeAdmin', 'POST', '/api/v2/etape/create', { processModeleId: w.id, nom: 'Visa' });
  const full = (await ok('acmeAdmin', 'GET', '/api/v2/workflow/get_workflows_for_edition')).find((m: { id: number }) => m.id === w.id);
  const [s1, s2, s3] = full.etapes.map((e: { id: number }) => e.id);
  wf = { id: w.id, s1, s2, s3 };
  const r = await withSystem(t.server.database.db, 'test: the profile of the responsable', (tx) =>
    tx.execute(sql`select profil_modele_id as id from utilisateur where id = ${t.ids.user.acmeResponsable}`),
  );
  responsableProfil = Number((r as unknown as { rows: { id: number }[] }).rows[0].id);
  await ok('acmeAdmin', 'POST', '/api/v2/etape_autorisation/create', {
    etapeId: s2,
    type: 'validateur',
    utilisateurId: t.ids.user.acmeResponsable,
  });
  await ok('acmeAdmin', 'POST', '/api/v2/etape_autorisation/create', { etapeId: s3, type: 'profil', profilId: responsableProfil });
});
afterAll(async () => t?.close());

const now = Date.now();
const create = (as: Actor, nomProcess: string, window?: { debut: number; fin: number }) =>
  ok(as, 'POST', '/api/v3/process/create', {
    processModeleId: wf.id,
    nomProcess,
    ...(window ? { dateDebut: new Date(window.debut).toISOString(), dateFin: new Date(window.fin).toISOString() } : {}),
  });
const sign = (as: Actor, id: number) => ok(as, 'PUT', '/api/v3/process/sign', { id });

describe('GET /api/v2/accueil/get', () => {
  it('answers 401 without a session', async () => {
    expect((await t.req(null, 'GET', '/api/v2/accueil/get')).statusCode).toBe(401);
    expect((await t.req(null, 'PUT', '/api/v2/accueil/seen', {})).statusCode).toBe(401);
  });

  it('has something in each section of each Acme and Gamma account on first start (the demo’s processes of the day)', async () => {
    // Runs first: the demo data only. Its processes of the day are dated from the seed's day (Europe/Paris).
    const names = (section: { items: { nomProcess: string }[] }) => section.items.map((p) => p.nomProcess);
    const ofTheDay = ['Consignation armoire de ventilation CTA-2', 'Découpe d’une tôle de bardage — atelier nord'];
    for (const actor of ['acmeTechnicien', 'acmeResponsable', 'acmeAdmin', 'gammaUser'] as const) {
      const h = await home(actor);
      for (const section of ['aSigner', 'mesProcessus', 'aujourdhui', 'nouveautes'] as const) {
        expect(h[section].total, `${actor}: ${section}`).toBeGreaterThan(0);
      }
      if (actor !== 'gammaUser') expect(names(h.aujourdhui)).toEqual(expect.arrayContaining(ofTheDay));
    }
    // The certificate of the lockout of the day awaits the responsable (named validator); the works step of the
    // permit of the day awaits the technician in charge of it.
    expect(names((await home('acmeResponsable')).aSigner)).toContain('Consignation armoire de ventilation CTA-2');
    expect(names((await home('acmeTechnicien')).aSigner)).toContain('Découpe d’une tôle de bardage — atelier nord');
    expect(names((await home('gammaUser')).aujourdhui)).toEqual(['Soudure des supports de la mezzanine du magasin']);
  });

  it('shows a step to the person its rules name, and not to others; it leaves once signed', async () => {
    const p = await create('acmeTechnicien', 'Accueil — nacelle quai 2');
    // Step 1 has no rule: it waits for its creator only (not for every person who may update processes).
    expect(ids((await home('acmeTechnicien')).aSigner)).toContain(p.id);
    expect(ids((await home('acmeResponsable')).aSigner)).not.toContain(p.id);
    expect(ids((await home('acmeAdmin')).aSigner)).not.toContain(p.id);
    const mine = await home('acmeTechnicien');
    expect(mine.aSigner.items.find((x: { id: number }) => x.id === p.id)).toMatchObject({
      nomProcess: 'Accueil — nacelle quai 2',
      etat: 'en_cours',
      etape: { ordre: 1, nom: 'Étape 1' },
      processModele: { libelle: 'Accueil — travaux en hauteur', package: 'permis' },
      entreprise: { id: t.ids.acme, nom: 'Acme Énergie' },
    });
    expect(ids(mine.mesProcessus)).toContain(p.id);
    expect(mine.mesProcessus.parEtat.en_cours).toBeGreaterThanOrEqual(1);

    // Signed: step 2 names the responsable as validator, so it moves from the technician's home to his.
    await sign('acmeTechnicien', p.id);
    expect(ids((await home('acmeTechnicien')).aSigner)).not.toContain(p.id);
    const resp = await home('acmeResponsable');
    expect(resp.aSigner.items.find((x: { id: number }) => x.id === p.id)?.etape).toMatchObject({ ordre: 2, nom: 'Validation' });
    expect(ids((await home('acmeAdmin')).aSigner)).not.toContain(p.id);

    // Step 3 names the responsable's profile.
    await sign('acmeResponsable', p.id);
    expect((await home('acmeResponsable')).aSigner.items.find((x: { id: number }) => x.id === p.id)?.etape).toMatchObject({ ordre: 3 });
    expect(ids((await home('acmeTechnicien')).aSigner)).not.toContain(p.id);

    // Done: on nobody's home to sign; the creator's counts move to « terminé ».
    await sign('acmeResponsable', p.id);
    for (const a of ['acmeTechnicien', 'acmeResponsable', 'acmeAdmin'] as const) expect(ids((await home(a)).aSigner)).not.toContain(p.id);
    const after = await home('acmeTechnicien');
    expect(ids(after.mesProcessus)).not.toContain(p.id);
    expect(after.mesProcessus.parEtat.termine).toBeGreaterThanOrEqual(1);
  });

  it('agrees with the pure rule (awaitsPerson) on every open process of the company', async () => {
    await create('acmeResponsable', 'Accueil — échafaudage');
    const rows = await withSystem(t.server.database.db, 'test: every open process and its current step rules', (tx) =>
      tx.execute(sql`
        select p.id, p.entreprise_id, p.prestataire_ids, p.created_by_id, p.personne_en_charge_id,
               coalesce((select json_agg(json_build_object('type', a.type, 'utilisateurId', a.utilisateur_id, 'profilId', a.profil_modele_id,
                                                            'serviceId', a.service_modele_id))
                         from etape e join etape_autorisation a on a.etape_id = e.id
                         where e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre), '[]') as rules
        from process p where p.entreprise_id = ${t.ids.acme} and p.etat = 'en_cours' and not p.sequenced`),
    );
    type Row = {
      id: number;
      entreprise_id: number;
      prestataire_ids: number[];
      created_by_id: number;
      personne_en_charge_id: number | null;
      rules: any[];
    };
    const open = (rows as unknown as { rows: Row[] }).rows;
    for (const actor of ['acmeTechnicien', 'acmeResponsable', 'acmeAdmin'] as const) {
      const userId = t.ids.user[actor];
      const who = await withSystem(t.server.database.db, 'test: profile and service', (tx) =>
        tx.execute(sql`select profil_modele_id, service_modele_id from utilisateur where id = ${userId}`),
      );
      const u = (who as unknown as { rows: { profil_modele_id: number | null; service_modele_id: number | null }[] }).rows[0];
      const expected = open
        .filter((p) =>
          awaitsPerson(
            { isSuperAdmin: false, userId, profilId: u.profil_modele_id, serviceId: u.service_modele_id, entrepriseId: t.ids.acme },
            p.rules,
            {
              entrepriseId: p.entreprise_id,
              prestataireIds: p.prestataire_ids,
              involved: p.created_by_id === userId || p.personne_en_charge_id === userId,
            },
          ),
        )
        .map((p) => p.id);
      const h = await home(actor);
      expect(h.aSigner.totalExact).toBe(true);
      expect(h.aSigner.total, actor).toBe(expected.length);
      expect(ids(h.aSigner).sort(), actor).toEqual(expected.sort().slice(0, 20));
    }
  });

  it('keeps each company to its own processes', async () => {
    const p = await create('acmeTechnicien', 'Accueil — confidentiel Acme', { debut: now - 3_600_000, fin: now + 3_600_000 });
    const h = await home('betaAdmin');
    expect(everyId(h)).not.toContain(p.id);
    const acmeIds = await withSystem(t.server.database.db, 'test: Acme processes', (tx) =>
      tx.execute(sql`select id from process where entreprise_id = ${t.ids.acme}`),
    );
    const theirs = new Set((acmeIds as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id)));
    expect(everyId(h).filter((id) => theirs.has(id))).toEqual([]);
    expect(h.aSigner.items.every((x: { entreprise: { id: number } }) => x.entreprise.id === t.ids.beta)).toBe(true);
  });

  it('gives a contractor a home with only what row-level security lets them see', async () => {
    // Before the contractors' access (issue 12, item 2) Gamma's worker reads no process: an empty home, not a 403.
    // After it, the client's processes listed must be ones Gamma works on (prestataireIds) or Gamma's own.
    await create('acmeTechnicien', 'Accueil — sans Gamma', { debut: now - 3_600_000, fin: now + 3_600_000 });
    const h = await home('gammaUser');
    const listed = everyId(h);
    if (listed.length) {
      const r = await withSystem(t.server.database.db, 'test: processes a contractor may see', (tx) =>
        tx.execute(sql`select id from process where entreprise_id = ${t.ids.gamma} or ${t.ids.gamma}::int = any(prestataire_ids)`),
      );
      const allowed = new Set((r as unknown as { rows: { id: number }[] }).rows.map((x) => Number(x.id)));
      expect(listed.filter((id) => !allowed.has(id))).toEqual([]);
    } else {
      expect(h.aSigner.total + h.aujourdhui.total + h.mesProcessus.total + h.nouveautes.total).toBe(0);
    }
  });

  it('lists the lockouts and permits in progress whose window covers today', async () => {
    const todayP = await create('acmeAdmin', 'Accueil — permis du jour', { debut: now - 3_600_000, fin: now + 3_600_000 });
    const past = await create('acmeAdmin', 'Accueil — permis d’avant-hier', { debut: now - 3 * 86_400_000, fin: now - 2 * 86_400_000 });
    const future = await create('acmeAdmin', 'Accueil — permis de la semaine prochaine', {
      debut: now + 7 * 86_400_000,
      fin: now + 8 * 86_400_000,
    });
    const inactive = await create('acmeAdmin', 'Accueil — permis annulé', { debut: now - 3_600_000, fin: now + 3_600_000 });
    await ok('acmeAdmin', 'PUT', '/api/v2/process/inactive', { id: inactive.id, status: 'ART' });
    const h = await home('acmeTechnicien');
    expect(ids(h.aujourdhui)).toContain(todayP.id);
    for (const x of [past, future, inactive]) expect(ids(h.aujourdhui)).not.toContain(x.id);
    expect(
      h.aujourdhui.items.every((x: { processModele: { package: string } }) => ['mc', 'permis'].includes(x.processModele.package)),
    ).toBe(true);
  });

  it('says what changed since the last visit, until it is marked as seen', async () => {
    const p = await create('acmeTechnicien', 'Accueil — changé par un autre');
    // Changed by the creator only: nothing new for them.
    expect(ids((await home('acmeTechnicien')).nouveautes)).not.toContain(p.id);
    await sign('acmeTechnicien', p.id);
    await sign('acmeResponsable', p.id);
    const h = await home('acmeTechnicien');
    expect(h.nouveautes.items.find((x: { id: number }) => x.id === p.id)?.lastModifyBy).toMatchObject({ nom: 'Lefèvre' });
    const seen = await ok('acmeTechnicien', 'PUT', '/api/v2/accueil/seen', { at: h.at });
    expect(Date.parse(seen.lastVisit)).toBe(Date.parse(h.at));
    const again = await home('acmeTechnicien');
    expect(ids(again.nouveautes)).not.toContain(p.id);
    expect(Date.parse(again.lastVisit)).toBe(Date.parse(h.at));
    // A visit marked in the future is brought back to now.
    const later = await ok('acmeTechnicien', 'PUT', '/api/v2/accueil/seen', { at: new Date(now + 86_400_000 * 365).toISOString() });
    expect(Date.parse(later.lastVisit)).toBeLessThanOrEqual(Date.now());
    const bad = await t.req('acmeTechnicien', 'PUT', '/api/v2/accueil/seen', { at: 'hier' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().detail)).toMatch(/Date et heure attendues/);
  });

  it('survives a last visit written by hand in the settings', async () => {
    await ok('acmeAdmin', 'POST', '/api/utilisateur/save_setting', { settings: { accueilVu: 'n’importe quoi' } });
    expect((await home('acmeAdmin')).lastVisit).toBeNull();
    await ok('acmeAdmin', 'POST', '/api/utilisateur/save_setting', { settings: { accueilVu: 1e30 } });
    expect((await t.req('acmeAdmin', 'GET', '/api/v2/accueil/get')).statusCode).toBe(200);
  });
});

describe('the process read and deactivation (ticket 12, item 5)', () => {
  it('gives each step sent back its last return: reason, who, when', async () => {
    const p = await create('acmeTechnicien', 'Accueil — renvoyé');
    await sign('acmeTechnicien', p.id);
    const back = await ok('acmeResponsable', 'PUT', '/api/v3/process/return_step', { id: p.id, motif: 'Préciser la hauteur de travail' });
    expect(back.lastReturns).toEqual([
      {
        etapeId: wf.s1,
        fromEtapeId: wf.s2,
        motif: 'Préciser la hauteur de travail',
        at: expect.any(String),
        by: { id: t.ids.user.acmeResponsable, nom: 'Lefèvre', prenom: expect.any(String) },
      },
    ]);
    const read = await ok('acmeTechnicien', 'GET', `/api/v3/process/get/${p.id}`);
    expect(read.lastReturns[0].motif).toBe('Préciser la hauteur de travail');
    // Who signed each step last, and when (the form shows it under a signed step's values).
    expect(read.validations).toEqual([
      { etapeId: wf.s1, at: expect.any(String), by: { id: t.ids.user.acmeTechnicien, nom: 'Moreau', prenom: 'Camille' } },
    ]);
    // Back on the creator's home, to sign again.
    expect(ids((await home('acmeTechnicien')).aSigner)).toContain(p.id);
  });

  it('records a register code on deactivation, and refuses one that is not in the list', async () => {
    const p = await create('acmeAdmin', 'Accueil — à désactiver');
    const bad = await t.req('acmeAdmin', 'PUT', '/api/v2/process/inactive', { id: p.id, status: 'ANNULÉ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/status/);
    expect(JSON.stringify(bad.json().detail)).toMatch(/Code de registre inconnu : choisissez parmi CS, TSN/);
    const d = await ok('acmeAdmin', 'PUT', '/api/v2/process/inactive', { id: p.id, status: 'DECONS' });
    expect(d).toMatchObject({ etat: 'inactif', latestStatusCode: 'DECONS' });
    const none = await create('acmeAdmin', 'Accueil — à désactiver sans code');
    expect(await ok('acmeAdmin', 'PUT', '/api/v2/process/inactive', { id: none.id, status: null })).toMatchObject({ etat: 'inactif' });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permitActivities, permitsBlockingDeconsignation } from '../src/modules/permis/index.ts';
import { withSystem } from '../src/platform/db/tenant.ts';
import { type Actor, startTestApp, type TestApp } from './harness.ts';
import { consignedLockout, move } from './matrix/consignation-fixtures.ts';
import {
  ageFireWatch,
  count,
  expirePermit,
  inHours,
  issue,
  mkEndedPermit,
  mkPermit,
  mkProcess,
  mkRunningPermit,
  permitRow,
  workflowOf,
} from './matrix/permis-fixtures.ts';

// Work permits and permis de feu (ticket 15) on PostgreSQL: lifecycle, signatures, extensions, suspensions, the fire
// watch on the database's clock, closure of the process, other companies, concurrency.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (as: Actor | null, method: string, url: string, body?: unknown) => t.req(as, method, url, body);
async function ok(as: Actor, method: string, url: string, body?: unknown) {
  const r = await call(as, method, url, body);
  expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
  return r.json();
}
async function refused(status: number, as: Actor, method: string, url: string, body: unknown, message?: RegExp) {
  const r = await call(as, method, url, body);
  expect(r.statusCode, r.body).toBe(status);
  if (message) expect(r.json().message).toMatch(message);
  return r.json();
}
const get = async (processId: number) => (await ok('acmeTechnicien', 'GET', `/api/v2/permis/get/${processId}`)).permis;
const journalActions = async (processId: number) => {
  const r = await withSystem(t.server.database.db, 'test: permit journal', (tx) =>
    tx.execute(sql`select action from process_journal where process_id = ${processId} order by id`),
  );
  return (r as unknown as { rows: { action: string }[] }).rows.map((x) => x.action);
};
const system = <T>(run: Parameters<typeof withSystem<T>>[2]) => withSystem(t.server.database.db, 'test: permis module rules', run);

describe('a work permit with complementary permits', () => {
  it('is recorded, issued by both sides, started, suspended, resumed, extended, ended by both sides and closed', async () => {
    const lockout = await mkProcess(t, 'consignation');
    const { processId, permis } = await mkPermit(t, { complements: ['hauteur', 'espace_confine', 'hauteur'], consignationIds: [lockout] });
    expect(permis).toMatchObject({
      type: 'travail',
      complements: ['hauteur', 'espace_confine'],
      feu: false,
      modeValidite: null,
      etat: 'demande',
    });
    expect(permis.consignations.map((c: any) => c.processId)).toEqual([lockout]);
    expect(permis.actions).toEqual(['delivrer', 'annuler']);

    await ok('acmeAdmin', 'POST', '/api/v2/permis/sign', { processId, acte: 'delivrance', role: 'emetteur' });
    const delivre = await ok('acmeTechnicien', 'POST', '/api/v2/permis/sign', { processId, acte: 'delivrance', role: 'executant' });
    expect(delivre.etat).toBe('delivre');
    expect(delivre.signatures.map((s: any) => [s.role, s.utilisateur.id])).toEqual([
      ['emetteur', t.ids.user.acmeAdmin],
      ['executant', t.ids.user.acmeTechnicien],
    ]);
    expect(delivre.signatures[0].hash).toMatch(/^[0-9a-f]{64}$/);
    // Once issued, only an extension moves the window.
    await refused(409, 'acmeTechnicien', 'PUT', '/api/v2/permis/update', { processId, dateFin: inHours(10) }, /prolongation/);

    await ok('acmeTechnicien', 'POST', '/api/v2/permis/start', { processId });
    const suspendu = await ok('acmeResponsable', 'POST', '/api/v2/permis/suspend', { processId, motif: 'Alarme gaz en zone' });
    expect(suspendu.etat).toBe('suspendu');
    expect(suspendu.suspensions[0]).toMatchObject({
      motif: 'Alarme gaz en zone',
      suspenduPar: { id: t.ids.user.acmeResponsable },
      reprisAt: null,
    });
    await refused(409, 'acmeResponsable', 'POST', '/api/v2/permis/suspend', { processId, motif: 'Encore' }, /en cours peut être suspendu/);
    const repris = await ok('acmeResponsable', 'POST', '/api/v2/permis/resume', { processId, observation: 'Explosimétrie 0 % LIE' });
    expect(repris.etat).toBe('en_cours');
    expect(repris.suspensions[0]).toMatchObject({
      reprisPar: { id: t.ids.user.acmeResponsable },
      observationReprise: 'Explosimétrie 0 % LIE',
    });

    const before = repris.dateFin;
    const fin = inHours(11);
    const prolonge = await ok('acmeAdmin', 'POST', '/api/v2/permis/extend', {
      processId,
      dateFin: fin,
      motif: 'Travaux plus longs',
      version: repris.version,
    });
    expect(prolonge.dateFin).toBe(new Date(fin).toISOString());
    expect(prolonge.dateFinInitiale).toBe(before);
    expect(prolonge.prolongations).toEqual([
      expect.objectContaining({
        ancienneFin: before,
        nouvelleFin: new Date(fin).toISOString(),
        motif: 'Travaux plus longs',
        utilisateur: expect.objectContaining({ id: t.ids.user.acmeAdmin }),
      }),
    ]);
    await refused(
      400,
      'acmeAdmin',
      'POST',
      '/api/v2/permis/extend',
      { processId, dateFin: inHours(5), motif: 'Plus court' },
      /suivre la fin actuelle/,
    );

    await ok('acmeAdmin', 'POST', '/api/v2/permis/sign', { processId, acte: 'fin_travaux', role: 'emetteur' });
    await refused(409, 'acmeAdmin', 'POST', '/api/v2/permis/close', { processId }, /fin de travaux/);
    const termine = await ok('acmeTechnicien', 'POST', '/api/v2/permis/sign', { processId, acte: 'fin_travaux', role: 'executant' });
    expect(termine).toMatchObject({ etat: 'fin_travaux', surveillance: null, signaturesAttendues: [] });
    const clos = await ok('acmeAdmin', 'POST', '/api/v2/permis/close', { processId });
    expect(clos).toMatchObject({ etat: 'clos', closPar: { id: t.ids.user.acmeAdmin }, actions: [] });
    await refused(409, 'acmeAdmin', 'POST', '/api/v2/permis/suspend', { processId, motif: 'x' }, /Ce permis est clos/);

    expect((await journalActions(processId)).filter((a) => a.startsWith('permis-'))).toEqual([
      'permis-enregistrement',
      'permis-signature',
      'permis-signature',
      'permis-etat',
      'permis-etat',
      'permis-suspension',
      'permis-reprise',
      'permis-prolongation',
      'permis-signature',
      'permis-signature',
      'permis-etat',
      'permis-etat',
    ]);
  });

  it('refuses a bad window, an unknown signing role, a lockout that is not one, and writes nothing', async () => {
    const processId = await mkProcess(t);
    await refused(
      400,
      'acmeTechnicien',
      'PUT',
      '/api/v2/permis/update',
      { processId, type: 'travail', dateDebut: inHours(2), dateFin: inHours(1) },
      /suivre le début/,
    );
    await refused(
      400,
      'acmeTechnicien',
      'PUT',
      '/api/v2/permis/update',
      { processId, type: 'travail', dateFin: inHours(1) },
      /début de validité est obligatoire/,
    );
    const other = await mkProcess(t);
    await refused(400, 'acmeTechnicien', 'PUT', '/api/v2/permis/update', {
      processId,
      type: 'travail',
      dateDebut: inHours(1),
      dateFin: inHours(2),
      consignationIds: [other],
    });
    expect(await permitRow(t, processId)).toBeUndefined();
    await refused(
      409,
      'acmeTechnicien',
      'PUT',
      '/api/v2/permis/update',
      {
        processId: await mkProcess(t, 'consignation'),
        type: 'travail',
        dateDebut: inHours(1),
        dateFin: inHours(2),
      },
      /pas un permis/,
    );
    expect((await ok('acmeTechnicien', 'GET', `/api/v2/permis/get/${processId}`)).permis).toBeNull();
  });

  it('cancels only before the works start, keeping who, when and why', async () => {
    const { processId } = await mkRunningPermit(t);
    await refused(409, 'acmeAdmin', 'POST', '/api/v2/permis/cancel', { processId, motif: 'Erreur' }, /fin de travaux/);
    const p = await mkPermit(t);
    const annule = await ok('acmeAdmin', 'POST', '/api/v2/permis/cancel', { processId: p.processId, motif: 'Travaux reportés' });
    expect(annule).toMatchObject({ etat: 'annule', annulation: { motif: 'Travaux reportés', utilisateur: { id: t.ids.user.acmeAdmin } } });
    expect(await permitRow(t, p.processId)).toMatchObject({ etat: 'annule' });
  });

  it('expires past its window: cannot start or resume, can be extended, then goes on', async () => {
    const { processId } = await mkPermit(t);
    await issue(t, processId, false);
    await expirePermit(t, processId);
    const p = await get(processId);
    expect(p).toMatchObject({ etat: 'delivre', etatEffectif: 'expire', actions: ['prolonger', 'annuler'] });
    await refused(409, 'acmeTechnicien', 'POST', '/api/v2/permis/start', { processId }, /expiré : prolongez-le/);
    await ok('acmeAdmin', 'POST', '/api/v2/permis/extend', { processId, dateFin: inHours(4), motif: 'Report du chantier' });
    expect((await ok('acmeTechnicien', 'POST', '/api/v2/permis/start', { processId })).etatEffectif).toBe('en_cours');
  });
});

describe('a permis de feu (INRS ED 6030)', () => {
  it('needs three signatures by three people', async () => {
    const { processId, permis } = await mkPermit(t, { type: 'feu' });
    expect(permis).toMatchObject({ feu: true, modeValidite: 'operation', signaturesAttendues: ['emetteur', 'executant', 'surveillant'] });
    await ok('acmeAdmin', 'POST', '/api/v2/permis/sign', { processId, acte: 'delivrance', role: 'emetteur' });
    await refused(409, 'acmeAdmin', 'POST', '/api/v2/permis/sign', { processId, acte: 'delivrance', role: 'executant' }, /autre personne/);
    await refused(409, 'acmeTechnicien', 'POST', '/api/v2/permis/sign', { processId, acte: 'delivrance', role: 'emetteur' }, /déjà signé/);
    const deux = await ok('acmeTechnicien', 'POST', '/api/v2/permis/sign', { processId, acte: 'delivrance', role: 'executant' });
    expect(deux).toMatchObject({ etat: 'demande', signaturesAttendues: ['surveillant'] });
    const trois = await ok('acmeResponsable', 'POST', '/api/v2/permis/sign', { processId, acte: 'delivrance', role: 'surveillant' });
    expect(trois.etat).toBe('delivre');
  });

  it('lasts the day or one operation of at most 5 days (IGH GH 3), extensions included', async () => {
    const processId = await mkProcess(t);
    const base = { processId, type: 'feu', dateDebut: '2027-01-10T07:00:00+01:00' };
    await refused(
      400,
      'acmeTechnicien',
      'PUT',
      '/api/v2/permis/update',
      { ...base, modeValidite: 'operation', dateFin: '2027-01-15T07:01:00+01:00' },
      /GH 3/,
    );
    await refused(
      400,
      'acmeTechnicien',
      'PUT',
      '/api/v2/permis/update',
      { ...base, modeValidite: 'jour', dateFin: '2027-01-11T07:00:00+01:00' },
      /jour même/,
    );
    // Without a mode, hot work lasts the day.
    await refused(400, 'acmeTechnicien', 'PUT', '/api/v2/permis/update', { ...base, dateFin: '2027-01-11T07:00:00+01:00' }, /jour même/);
    expect(await permitRow(t, processId)).toBeUndefined();
    const p = await ok('acmeTechnicien', 'PUT', '/api/v2/permis/update', { ...base, dateFin: '2027-01-10T17:00:00+01:00' });
    expect(p.modeValidite).toBe('jour');

    const { processId: running } = await mkRunningPermit(t, { type: 'travail', complements: ['feu'], debut: inHours(-1), fin: inHours(8) });
    await refused(
      400,
      'acmeAdmin',
      'POST',
      '/api/v2/permis/extend',
      { processId: running, dateFin: inHours(24 * 5), motif: 'Encore' },
      /GH 3/,
    );
    await ok('acmeAdmin', 'POST', '/api/v2/permis/extend', { processId: running, dateFin: inHours(24 * 4), motif: 'Encore' });
    expect(await count(t, 'permis_prolongation', running)).toBe(1);
  });

  it('starts its fire watch at the fin de travaux and refuses closure until the duration elapsed and the last check is signed', async () => {
    const { processId, permis } = await mkEndedPermit(t, { type: 'feu' });
    expect(permis.surveillance).toMatchObject({ surveillanceMinutes: 120, controleIntervalleMinutes: 30, prochain: 1, terminee: false });
    expect(permis.surveillance.controles).toHaveLength(4);
    expect(new Date(permis.surveillance.fin).getTime() - new Date(permis.finTravauxAt).getTime()).toBe(120 * 60_000);

    await refused(409, 'acmeResponsable', 'POST', '/api/v2/permis/fire_watch/check', { processId, numero: 1 }, /trop tôt/);
    await refused(409, 'acmeAdmin', 'POST', '/api/v2/permis/close', { processId }, /surveillance après travaux n’est pas finie/);

    await ageFireWatch(t, processId, 31);
    const un = await ok('acmeResponsable', 'POST', '/api/v2/permis/fire_watch/check', {
      processId,
      numero: 1,
      observation: 'Aucun point chaud résiduel',
    });
    expect(un.surveillance.controles[0]).toMatchObject({
      numero: 1,
      utilisateur: { id: t.ids.user.acmeResponsable },
      observation: 'Aucun point chaud résiduel',
    });
    expect(un.surveillance.prochain).toBe(2);
    await refused(409, 'acmeResponsable', 'POST', '/api/v2/permis/fire_watch/check', { processId, numero: 1 }, /déjà signé/);
    await refused(409, 'acmeResponsable', 'POST', '/api/v2/permis/fire_watch/check', { processId, numero: 3 }, /d’abord le contrôle n° 2/);

    // The whole duration elapsed, the last check still unsigned: closure refused.
    await ageFireWatch(t, processId, 95);
    await ok('acmeResponsable', 'POST', '/api/v2/permis/fire_watch/check', { processId, numero: 2 });
    await ok('acmeResponsable', 'POST', '/api/v2/permis/fire_watch/check', { processId, numero: 3 });
    await refused(409, 'acmeAdmin', 'POST', '/api/v2/permis/close', { processId }, /dernier contrôle de la surveillance \(n° 4\)/);
    const quatre = await ok('acmeResponsable', 'POST', '/api/v2/permis/fire_watch/check', { processId, numero: 4 });
    expect(quatre.surveillance).toMatchObject({ prochain: null, terminee: true, raisons: [] });
    expect((await ok('acmeAdmin', 'POST', '/api/v2/permis/close', { processId })).etat).toBe('clos');
    await refused(409, 'acmeResponsable', 'POST', '/api/v2/permis/fire_watch/check', { processId, numero: 4 }, /clos/);
  });

  it('a base permit without hot work has no fire watch', async () => {
    const { processId } = await mkEndedPermit(t);
    await refused(
      409,
      'acmeResponsable',
      'POST',
      '/api/v2/permis/fire_watch/check',
      { processId, numero: 1 },
      /pas de travaux par point chaud/,
    );
  });
});

describe('the fire-watch settings', () => {
  it('are the company’s: a new fin de travaux takes them, running watches keep theirs', async () => {
    const { processId: running } = await mkEndedPermit(t, { type: 'feu' });
    await refused(400, 'acmeAdmin', 'PUT', '/api/v2/permis/settings/update', { surveillanceMinutes: 60, controleIntervalleMinutes: 90 });
    await refused(403, 'acmeTechnicien', 'PUT', '/api/v2/permis/settings/update', {
      surveillanceMinutes: 60,
      controleIntervalleMinutes: 20,
    });
    expect(
      await ok('acmeAdmin', 'PUT', '/api/v2/permis/settings/update', { surveillanceMinutes: 60, controleIntervalleMinutes: 20 }),
    ).toEqual({
      surveillanceMinutes: 60,
      controleIntervalleMinutes: 20,
      validiteHeures: 8,
    });
    expect(await ok('acmeAdmin', 'GET', '/api/v2/permis/settings/get')).toEqual({
      surveillanceMinutes: 60,
      controleIntervalleMinutes: 20,
      validiteHeures: 8,
    });
    expect(await ok('betaAdmin', 'GET', '/api/v2/permis/settings/get')).toEqual({
      surveillanceMinutes: 120,
      controleIntervalleMinutes: 30,
      validiteHeures: 8,
    });
    const { permis } = await mkEndedPermit(t, { type: 'feu' });
    expect(permis.surveillance).toMatchObject({ surveillanceMinutes: 60, controleIntervalleMinutes: 20 });
    expect(permis.surveillance.controles).toHaveLength(3);
    expect((await get(running)).surveillance.surveillanceMinutes).toBe(120);
    await ok('acmeAdmin', 'PUT', '/api/v2/permis/settings/update', { surveillanceMinutes: 120, controleIntervalleMinutes: 30 });
  });
});

describe('the default validity (setting, migration 0028)', () => {
  const SETTINGS = '/api/v2/permis/settings/update';
  const base = { surveillanceMinutes: 120, controleIntervalleMinutes: 30 };
  const record = async (o: Record<string, unknown>) => {
    const processId = await mkProcess(t);
    return ok('acmeTechnicien', 'PUT', '/api/v2/permis/update', { processId, ...o });
  };
  const hoursOf = (p: { dateDebut: string; dateFin: string }) => (Date.parse(p.dateFin) - Date.parse(p.dateDebut)) / 3_600_000;

  it('is 8 hours until changed: a permit recorded without an end gets it, a given end is kept', async () => {
    const debut = inHours(1);
    expect(hoursOf(await record({ type: 'travail', dateDebut: debut }))).toBe(8);
    expect(hoursOf(await record({ type: 'travail', dateDebut: debut, dateFin: inHours(3) }))).toBeCloseTo(2, 3);
    expect((await ok('acmeTechnicien', 'GET', `/api/v2/permis/get/${await mkProcess(t)}`)).validiteHeures).toBe(8);
  });

  it('refuses without a session (401), to a person who may not change the settings (403), and bad input (400)', async () => {
    expect((await call(null, 'PUT', SETTINGS, { ...base, validiteHeures: 12 })).statusCode).toBe(401);
    await refused(403, 'acmeTechnicien', 'PUT', SETTINGS, { ...base, validiteHeures: 12 });
    for (const validiteHeures of [0, 73, 7.5, 'huit', null]) {
      const r = await refused(400, 'acmeAdmin', 'PUT', SETTINGS, { ...base, validiteHeures });
      expect(JSON.stringify(r)).toContain('validiteHeures');
    }
    expect((await ok('acmeAdmin', 'GET', '/api/v2/permis/settings/get')).validiteHeures).toBe(8);
  });

  it('is the company’s: changed by its administrator, used for its new permits only, kept when a client leaves it out', async () => {
    const before = await record({ type: 'travail', dateDebut: inHours(1) });
    expect(await ok('acmeAdmin', 'PUT', SETTINGS, { ...base, validiteHeures: 12 })).toEqual({ ...base, validiteHeures: 12 });
    // Another company's setting is its own.
    expect((await ok('betaAdmin', 'GET', '/api/v2/permis/settings/get')).validiteHeures).toBe(8);
    expect(await ok('betaAdmin', 'PUT', SETTINGS, { ...base, validiteHeures: 24 })).toMatchObject({ validiteHeures: 24 });
    expect((await ok('acmeAdmin', 'GET', '/api/v2/permis/settings/get')).validiteHeures).toBe(12);

    expect(hoursOf(await record({ type: 'travail', dateDebut: inHours(1) }))).toBe(12);
    // A recorded permit keeps its window.
    expect(hoursOf(await get(before.processId))).toBe(8);
    // Hot work keeps its own rule: « une opération » takes the default, « à la journée » ends the same day in Paris.
    expect(hoursOf(await record({ type: 'feu', modeValidite: 'operation', dateDebut: inHours(1) }))).toBe(12);
    const jour = await record({ type: 'feu', modeValidite: 'jour', dateDebut: '2031-02-10T20:00:00+01:00' });
    expect(jour.dateFin).toBe('2031-02-10T22:59:00.000Z');
    // The fire-watch fields alone leave the default validity as it is.
    expect(await ok('acmeAdmin', 'PUT', SETTINGS, base)).toEqual({ ...base, validiteHeures: 12 });
    await ok('acmeAdmin', 'PUT', SETTINGS, { ...base, validiteHeures: 8 });
    await ok('betaAdmin', 'PUT', SETTINGS, { ...base, validiteHeures: 8 });
  });
});

describe('délivrance and coactivité (the issuer checks the active permits on the same equipment)', () => {
  let equipementId = 990_000;
  /** A requested permit whose process stands on `eq` (an equipment id outside the registry: only these tests use it). */
  async function permitOn(eq: number, o: { complements?: string[] } = {}) {
    const processId = await mkProcess(t);
    await system((tx) =>
      tx.execute(sql`update process set equipement = ${JSON.stringify({ id: eq, libelle: `Test ${eq}` })}::jsonb where id = ${processId}`),
    );
    const p = await ok('acmeTechnicien', 'PUT', '/api/v2/permis/update', {
      processId,
      type: 'travail',
      complements: o.complements ?? [],
      dateDebut: inHours(-1),
      dateFin: inHours(8),
    });
    return { processId, numero: p.numero as number };
  }
  const sign = (processId: number, role: 'emetteur' | 'executant', as: Actor) =>
    call(as, 'POST', '/api/v2/permis/sign', { processId, acte: 'delivrance', role });

  it('refuses to issue a permit in refused coactivity with an issued one, naming it, and writes nothing', async () => {
    const eq = ++equipementId;
    const radio = await permitOn(eq, { complements: ['radiographie'] });
    await issue(t, radio.processId, false);
    const other = await permitOn(eq);
    const r = await refused(409, 'acmeAdmin', 'POST', '/api/v2/permis/sign', {
      processId: other.processId,
      acte: 'delivrance',
      role: 'emetteur',
    });
    expect(r.message).toMatch(new RegExp(`^Coactivité interdite\\. .*N° ${radio.numero}`));
    expect(r.message).toContain('radiographie');
    expect(await count(t, 'permis_signature', other.processId)).toBe(0);
    expect((await get(other.processId)).etat).toBe('demande');
  });

  it('issues a permit without conflict: another equipment, or compatible activities', async () => {
    const eq = ++equipementId;
    const radio = await permitOn(eq, { complements: ['radiographie'] });
    await issue(t, radio.processId, false);
    const elsewhere = await permitOn(++equipementId);
    expect((await issue(t, elsewhere.processId, false)).etat).toBe('delivre');
    const eq2 = ++equipementId;
    await issue(t, (await permitOn(eq2)).processId, false);
    expect((await issue(t, (await permitOn(eq2, { complements: ['fouille'] })).processId, false)).etat).toBe('delivre');
  });

  it('waits for the named co-signature of a work at height over issued works, then issues', async () => {
    const eq = ++equipementId;
    const dessous = await permitOn(eq);
    await issue(t, dessous.processId, false);
    const haut = await permitOn(eq, { complements: ['hauteur'] });
    const r = await refused(409, 'acmeAdmin', 'POST', '/api/v2/permis/sign', {
      processId: haut.processId,
      acte: 'delivrance',
      role: 'emetteur',
    });
    expect(r.message).toMatch(new RegExp(`^Co-signature requise avant de signer\\. .*N° ${dessous.numero}`));
    await ok('acmeResponsable', 'POST', '/api/v2/coactivite/cosign', { processId: haut.processId, autreProcessId: dessous.processId });
    expect((await issue(t, haut.processId, false)).etat).toBe('delivre');
  });

  it('does not count a permit not issued yet: the first issued passes, the other is then refused', async () => {
    const eq = ++equipementId;
    const radio = await permitOn(eq, { complements: ['radiographie'] });
    const travail = await permitOn(eq);
    expect((await issue(t, travail.processId, false)).etat).toBe('delivre');
    const r = await refused(409, 'acmeAdmin', 'POST', '/api/v2/permis/sign', {
      processId: radio.processId,
      acte: 'delivrance',
      role: 'emetteur',
    });
    expect(r.message).toContain(`N° ${travail.numero}`);
    // Nor does it block the extension of the issued one.
    await ok('acmeAdmin', 'POST', '/api/v2/permis/extend', { processId: travail.processId, dateFin: inHours(10), motif: 'Plus long' });
    // Once the issued one is cancelled, the other may be issued.
    await ok('acmeAdmin', 'POST', '/api/v2/permis/cancel', { processId: travail.processId, motif: 'Reporté' });
    expect((await issue(t, radio.processId, false)).etat).toBe('delivre');
  });

  it('a permit sequenced after a lockout in progress waits for its end', async () => {
    const lockout = await mkProcess(t, 'consignation');
    const permit = await permitOn(++equipementId);
    await ok('acmeAdmin', 'POST', '/api/v3/process_sequencing/create', { processId: permit.processId, lockedByProcessId: lockout });
    await refused(
      409,
      'acmeAdmin',
      'POST',
      '/api/v2/permis/sign',
      { processId: permit.processId, acte: 'delivrance', role: 'emetteur' },
      /^Séquencement : ce permis attend la fin du processus N° [\d.]+ ; il ne peut pas être délivré avant\.$/,
    );
  });

  it('two délivrances in refused coactivity signed at once: exactly one permit is issued', async () => {
    for (let round = 0; round < 3; round++) {
      const eq = ++equipementId;
      const a = await permitOn(eq, { complements: ['radiographie'] });
      const b = await permitOn(eq);
      // The issuers sign first: neither permit is issued yet, so neither counts for the other.
      expect((await sign(a.processId, 'emetteur', 'acmeAdmin')).statusCode).toBe(200);
      expect((await sign(b.processId, 'emetteur', 'acmeAdmin')).statusCode).toBe(200);
      const rs = await Promise.all([sign(a.processId, 'executant', 'acmeTechnicien'), sign(b.processId, 'executant', 'acmeResponsable')]);
      expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const etats = [(await get(a.processId)).etat, (await get(b.processId)).etat].sort();
      expect(etats).toEqual(['delivre', 'demande']);
    }
  });
});

describe('the process of a permit', () => {
  /** A one-step workflow of the permis package: signing its step finishes the process. */
  async function oneStepPermit(type: 'travail' | 'feu') {
    const w = await ok('acmeAdmin', 'POST', '/api/v2/workflow/create', { libelle: `Permis court ${Math.random()}`, package: 'permis' });
    const p = await ok('acmeTechnicien', 'POST', '/api/v3/process/create', { processModeleId: w.id });
    await ok('acmeTechnicien', 'PUT', '/api/v2/permis/update', {
      processId: p.id,
      type,
      modeValidite: type === 'feu' ? 'operation' : null,
      dateDebut: inHours(-1),
      dateFin: inHours(6),
    });
    return p.id as number;
  }

  it('is not finished while its permit may not be closed, and finishing it closes the permit', async () => {
    const processId = await oneStepPermit('feu');
    await refused(
      409,
      'acmeAdmin',
      'PUT',
      '/api/v3/process/sign',
      { id: processId },
      /ne peut pas être clôturé : permis N° [\d.]+ — Seul un permis en fin de travaux/,
    );
    await issue(t, processId, true);
    await ok('acmeTechnicien', 'POST', '/api/v2/permis/start', { processId });
    await ok('acmeAdmin', 'POST', '/api/v2/permis/sign', { processId, acte: 'fin_travaux', role: 'emetteur' });
    await ok('acmeTechnicien', 'POST', '/api/v2/permis/sign', { processId, acte: 'fin_travaux', role: 'executant' });
    await refused(409, 'acmeAdmin', 'PUT', '/api/v3/process/sign', { id: processId }, /surveillance après travaux n’est pas finie/);
    expect((await ok('acmeAdmin', 'GET', `/api/v3/process/get/${processId}`)).etat).not.toBe('termine');
    await ageFireWatch(t, processId, 121);
    for (const numero of [1, 2, 3, 4]) await ok('acmeResponsable', 'POST', '/api/v2/permis/fire_watch/check', { processId, numero });
    await ok('acmeAdmin', 'PUT', '/api/v3/process/sign', { id: processId });
    expect(await get(processId)).toMatchObject({ etat: 'clos', closPar: { id: t.ids.user.acmeAdmin } });
  });

  it('is not finished another way either (its state set by its status)', async () => {
    const processId = await oneStepPermit('travail');
    await refused(
      409,
      'acmeAdmin',
      'PUT',
      '/api/v3/process/update-status-process',
      { id: processId, status: 'CS', etat: 'termine' },
      /ne peut pas être clôturé/,
    );
  });

  it('a cancelled permit does not hold its process', async () => {
    const processId = await oneStepPermit('travail');
    await ok('acmeAdmin', 'POST', '/api/v2/permis/cancel', { processId, motif: 'Abandon' });
    await ok('acmeAdmin', 'PUT', '/api/v3/process/sign', { id: processId });
  });
});

describe('the consignation and coactivité modules’ view of permits', () => {
  it('an open permit blocks the déconsignation of its lockouts until it is closed', async () => {
    const lockout = await mkProcess(t, 'consignation');
    const { processId } = await mkRunningPermit(t, { consignationIds: [lockout] });
    const numero = (await get(processId)).numero;
    const reasons = () => system((tx) => permitsBlockingDeconsignation(tx, { entrepriseId: t.ids.acme, processId: lockout }));
    expect(await reasons()).toEqual([`Permis N° ${numero} non clos`]);
    expect(await ok('acmeTechnicien', 'GET', `/api/v2/permis/of_consignation/${lockout}`)).toEqual([
      expect.objectContaining({ processId, etat: 'en_cours' }),
    ]);
    await ok('acmeAdmin', 'POST', '/api/v2/permis/sign', { processId, acte: 'fin_travaux', role: 'emetteur' });
    await ok('acmeTechnicien', 'POST', '/api/v2/permis/sign', { processId, acte: 'fin_travaux', role: 'executant' });
    expect(await reasons()).toHaveLength(1);
    await ok('acmeAdmin', 'POST', '/api/v2/permis/close', { processId });
    expect(await reasons()).toEqual([]);
  });

  it('the consignation module refuses the déconsignation of a lockout while a permit relying on it is open', async () => {
    const lockout = await consignedLockout(t);
    const { processId } = await mkRunningPermit(t, { consignationIds: [lockout] });
    const numero = (await get(processId)).numero;
    await ok('acmeTechnicien', 'POST', '/api/v2/consignation/avis_fin_travail/create', { processId: lockout, equipe: 'A' });
    await refused(
      409,
      'acmeTechnicien',
      'POST',
      '/api/v2/consignation/transition',
      { processId: lockout, etat: 'deconsignation_demandee' },
      new RegExp(`^Déconsignation impossible : Permis N° ${numero} non clos\\.$`),
    );
    await ok('acmeAdmin', 'POST', '/api/v2/permis/sign', { processId, acte: 'fin_travaux', role: 'emetteur' });
    await ok('acmeTechnicien', 'POST', '/api/v2/permis/sign', { processId, acte: 'fin_travaux', role: 'executant' });
    await ok('acmeAdmin', 'POST', '/api/v2/permis/close', { processId });
    expect((await move(t, lockout, 'deconsignation_demandee')).etat).toBe('deconsignation_demandee');
  });

  it('an open permit’s activities are its base permit and its complements', async () => {
    const a = await mkPermit(t, { complements: ['levage', 'hauteur'] });
    const b = await mkPermit(t, { type: 'feu' });
    const c = await mkPermit(t);
    await ok('acmeAdmin', 'POST', '/api/v2/permis/cancel', { processId: c.processId, motif: 'Abandon' });
    const map = await system((tx) =>
      permitActivities(tx, { entrepriseId: t.ids.acme, processIds: [a.processId, b.processId, c.processId] }),
    );
    expect(Object.fromEntries(map)).toEqual({ [a.processId]: ['travail', 'levage', 'hauteur'], [b.processId]: ['feu'] });
  });
});

describe('other companies and contractors', () => {
  it('never read nor change another company’s permit', async () => {
    const { processId } = await mkPermit(t);
    await refused(404, 'betaAdmin', 'GET', `/api/v2/permis/get/${processId}`, undefined);
    await refused(404, 'betaAdmin', 'POST', '/api/v2/permis/sign', { processId, acte: 'delivrance', role: 'emetteur' });
    await refused(404, 'betaAdmin', 'PUT', '/api/v2/permis/update', { processId, travaux: 'Par Béta' });
    // Gamma's worker is not in this permit's process.
    const r = await call('gammaUser', 'GET', `/api/v2/permis/get/${processId}`);
    expect([403, 404]).toContain(r.statusCode);
    expect(await count(t, 'permis_signature', processId)).toBe(0);
  });

  it('a permit relies only on its own company’s lockouts', async () => {
    const betaLockout = await ok('betaAdmin', 'POST', '/api/v3/process/create', {
      processModeleId: await workflowOf(t, 'Consignation électrique', t.ids.beta),
      typeConsignation: 1,
    });
    const processId = await mkProcess(t);
    await refused(
      400,
      'acmeTechnicien',
      'PUT',
      '/api/v2/permis/update',
      { processId, type: 'travail', dateDebut: inHours(1), dateFin: inHours(2), consignationIds: [betaLockout.id] },
      /Référence invalide/,
    );
    expect(await permitRow(t, processId)).toBeUndefined();
  });
});

describe('the demo', () => {
  it('has a permit in progress with complements on a lockout, a fire watch under way, a suspended and a closed permit', async () => {
    const r = await withSystem(t.server.database.db, 'test: demo permits', (tx) =>
      tx.execute(sql`select p.process_id as id, x.nom_process as nom from permis p join process x on x.id = p.process_id
        where p.entreprise_id = ${t.ids.acme} order by p.id limit 4`),
    );
    const demo = (r as unknown as { rows: { id: number; nom: string }[] }).rows;
    const [cta, feu, quai, fouille] = await Promise.all(demo.map((d) => get(d.id)));
    expect(cta).toMatchObject({ etatEffectif: 'en_cours', complements: ['hauteur', 'levage'] });
    expect(cta.consignations).toHaveLength(1);
    expect(feu).toMatchObject({ type: 'feu', etat: 'fin_travaux', surveillance: { prochain: 2, terminee: false } });
    expect(feu.surveillance.controles[0].signedAt).not.toBeNull();
    expect(quai).toMatchObject({ etat: 'suspendu', feu: true });
    expect(quai.suspensions[0].reprisAt).toBeNull();
    expect(fouille).toMatchObject({ etat: 'clos', complements: ['fouille'] });
  });
});

describe('concurrency', () => {
  it('two extensions at once from the same version: one extends, the other is told to reload', async () => {
    const { processId, permis } = await mkRunningPermit(t);
    const rs = await Promise.all([
      call('acmeAdmin', 'POST', '/api/v2/permis/extend', { processId, dateFin: inHours(10), motif: 'A', version: permis.version }),
      call('acmeResponsable', 'POST', '/api/v2/permis/extend', { processId, dateFin: inHours(12), motif: 'B', version: permis.version }),
    ]);
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await count(t, 'permis_prolongation', processId)).toBe(1);
    const p = await get(processId);
    expect(p.dateFin).toBe(p.prolongations[0].nouvelleFin);
  });

  it('two extensions at once without a version: both apply in turn, the history chained', async () => {
    const { processId } = await mkRunningPermit(t);
    const rs = await Promise.all([
      call('acmeAdmin', 'POST', '/api/v2/permis/extend', { processId, dateFin: inHours(10), motif: 'A' }),
      call('acmeResponsable', 'POST', '/api/v2/permis/extend', { processId, dateFin: inHours(12), motif: 'B' }),
    ]);
    // The later end first makes the earlier one a shortening: refused (400), never a history out of order.
    expect(rs.some((r) => r.statusCode === 200)).toBe(true);
    const p = await get(processId);
    for (let i = 1; i < p.prolongations.length; i++) expect(p.prolongations[i].ancienneFin).toBe(p.prolongations[i - 1].nouvelleFin);
    expect(p.dateFin).toBe(p.prolongations.at(-1).nouvelleFin);
  });

  it('the same fire-watch check signed twice at once is recorded once', async () => {
    const { processId } = await mkEndedPermit(t, { type: 'feu' });
    await ageFireWatch(t, processId, 31);
    const rs = await Promise.all(
      (['acmeResponsable', 'acmeAdmin', 'acmeTechnicien'] as Actor[]).map((as) =>
        call(as, 'POST', '/api/v2/permis/fire_watch/check', { processId, numero: 1 }),
      ),
    );
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await count(t, 'permis_controle', processId)).toBe(1);
  });

  it('the last issuing signatures at once issue the permit once', async () => {
    const { processId } = await mkPermit(t, { type: 'feu' });
    await ok('acmeAdmin', 'POST', '/api/v2/permis/sign', { processId, acte: 'delivrance', role: 'emetteur' });
    const rs = await Promise.all([
      call('acmeTechnicien', 'POST', '/api/v2/permis/sign', { processId, acte: 'delivrance', role: 'executant' }),
      call('acmeResponsable', 'POST', '/api/v2/permis/sign', { processId, acte: 'delivrance', role: 'surveillant' }),
    ]);
    expect(rs.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await get(processId)).etat).toBe('delivre');
    expect((await journalActions(processId)).filter((a) => a === 'permis-etat')).toHaveLength(1);
  });
});

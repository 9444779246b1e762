import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/platform/db/tenant.ts';
import { type Actor, startTestApp, type TestApp } from './harness.ts';

// The workflow engine's reading fields (gamme_releves, etape_gamme_releves): a step embeds a round of a gamme, its
// readings are recorded with the processId, and the field keeps the summary the server builds from them.
let t: TestApp;
const sys = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) =>
  withSystem(t.server.database.db, 'test: round field', async (tx) => (await tx.execute(q)) as unknown as { rows: T[] }).then(
    (r) => r.rows,
  );
const call = async (as: Actor, method: string, url: string, body?: unknown, status = 200) => {
  const r = await t.req(as, method, url, body);
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(status);
  return r.json();
};

let eq: number;
let gamme: number;
let other: number;
let pression: number;
let temperature: number;
let foreignPoint: number;
let wf: number;
let whole: number;
let part: number;
let betaGamme: number;

async function mkEquipement(company: number, name: string): Promise<number> {
  const [{ id }] = await sys<{ id: number }>(
    sql`insert into equipement (entreprise_id, path, name) values (${company}, '{}', ${name}) returning id`,
  );
  await sys(sql`update equipement set path = array[id] where id = ${id}`);
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
  const [{ id: mr }] = await sys<{ id: number }>(sql`select id from logiciel where code = 'mr'`);
  eq = await mkEquipement(t.ids.acme, 'Compresseur RF1');
  gamme = (await call('acmeAdmin', 'POST', '/api/gamme/save', { libelle: 'Ronde RF', logiciel_id: mr })).id;
  other = (await call('acmeAdmin', 'POST', '/api/gamme/save', { libelle: 'Autre ronde', logiciel_id: mr })).id;
  betaGamme = (await call('betaAdmin', 'POST', '/api/gamme/save', { libelle: 'Ronde Béta', logiciel_id: mr })).id;
  const point = async (g: number, nom: string, extra: object) =>
    (
      await call('acmeAdmin', 'POST', '/api/v2/gamme-modele-metrique/create', {
        gammeId: g,
        nom,
        dataType: 'number',
        equipementId: eq,
        ...extra,
      })
    ).id;
  pression = await point(gamme, 'Pression', { unite: 'bar', min: 6, lowWarning: 7, highWarning: 9.5, max: 10, obligatoire: true });
  temperature = await point(gamme, 'Température', { unite: '°C', max: 110 });
  foreignPoint = await point(other, 'Débit', {});

  wf = (await call('acmeAdmin', 'POST', '/api/v2/workflow/create', { libelle: 'Ronde avec relevés' })).id;
  await call('acmeAdmin', 'POST', '/api/v2/etape/create', { processModeleId: wf, nom: 'Contrôle du responsable' });
  const full = (await call('acmeAdmin', 'GET', '/api/v2/workflow/get_workflows_for_edition')).find((m: { id: number }) => m.id === wf);
  const [s1, s2] = full.etapes;
  whole = (
    await call('acmeAdmin', 'PUT', '/api/v2/etape/assign_metrique', {
      etapeId: s1.id,
      nom: 'Relevés de la ronde',
      dataType: 'gamme_releves',
      required: true,
      propertyValues: { gammeId: gamme },
    })
  ).id;
  part = (
    await call('acmeAdmin', 'PUT', '/api/v2/etape/assign_metrique', {
      etapeId: s2.id,
      nom: 'Température contrôlée',
      dataType: 'etape_gamme_releves',
      propertyValues: { gammeId: gamme, gammePointIds: [temperature] },
    })
  ).id;
  await call('acmeAdmin', 'POST', '/api/v2/etape_autorisation/create', {
    etapeId: s2.id,
    type: 'validateur',
    utilisateurId: t.ids.user.acmeResponsable,
  });
}, 120_000);
afterAll(() => t?.close());

const reading = (processId: number | null, metriqueId: number, value: unknown, extra: object = {}) => ({
  clientId: randomUUID(),
  equipementId: eq,
  metriqueId,
  value,
  capturedAt: new Date().toISOString(),
  processId,
  ...extra,
});
const newProcess = async () =>
  (await call('acmeResponsable', 'POST', '/api/v3/process/create', { processModeleId: wf, nomProcess: 'Ronde du matin' })).id as number;
const readingsOf = async (processId: number) =>
  Number((await sys<{ n: number }>(sql`select count(*)::int as n from releve where process_id = ${processId}`))[0].n);

describe('configuring a reading field', () => {
  it('names a gamme of the company: another company’s gamme or point is refused (400, nothing written)', async () => {
    const full = (await call('acmeAdmin', 'GET', '/api/v2/workflow/get_workflows_for_edition')).find((m: { id: number }) => m.id === wf);
    const etapeId = full.etapes[0].id;
    const before = full.etapes[0].metriques.length;
    const r = await t.req('acmeAdmin', 'PUT', '/api/v2/etape/assign_metrique', {
      etapeId,
      nom: 'Ronde étrangère',
      dataType: 'gamme_releves',
      propertyValues: { gammeId: betaGamme },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/[Rr]éférence|introuvable|invalide/);
    const after = (await call('acmeAdmin', 'GET', '/api/v2/workflow/get_workflows_for_edition')).find((m: { id: number }) => m.id === wf);
    expect(after.etapes[0].metriques.length).toBe(before);
  });
});

describe('a round inside a process step', () => {
  it('records the readings with the process, keeps the summary as the field value, signs, and shows it in the journal', async () => {
    const p = await newProcess();
    const values = [reading(p, pression, '10,8', { comment: 'Soupape à contrôler' }), reading(p, temperature, 85)];
    const res = await call('acmeResponsable', 'POST', '/api/equipment/releves/set-captured-values', { values });
    expect(res).toMatchObject({ created: 2, alreadyRecorded: 0 });
    expect(res.items[0]).toMatchObject({ processId: p, niveau: 'alarm' });
    // Sent again (a retry): recorded once.
    expect(await call('acmeResponsable', 'POST', '/api/equipment/releves/set-captured-values', { values })).toMatchObject({
      created: 0,
      alreadyRecorded: 2,
    });
    expect(await readingsOf(p)).toBe(2);

    const ids = res.items.map((x: { id: number }) => x.id);
    // The client's counts are not trusted: the server writes the summary from the recorded rows.
    const u = await call('acmeResponsable', 'PUT', '/api/v3/process/update', {
      id: p,
      rawData: { [whole]: { gammeId: gamme, releveIds: ids, count: 99, outOfRange: 0 } },
    });
    expect(u.rawData[String(whole)]).toMatchObject({
      gammeId: gamme,
      releveIds: ids,
      count: 2,
      outOfRange: 1,
      lignes: [
        { point: 'Pression', valeur: '10.8', unite: 'bar', niveau: 'alarm', comment: 'Soupape à contrôler' },
        { point: 'Température', valeur: '85', niveau: 'ok' },
      ],
    });
    const signed = await call('acmeResponsable', 'PUT', '/api/v3/process/sign', { id: p });
    expect(signed.currentEtapeOrdre).toBe(2);
    const journal = await sys<{ action: string; after: Record<string, unknown> }>(
      sql`select action, after from process_journal where process_id = ${p} order by id`,
    );
    const mod = journal.find((j) => j.action === 'modification');
    expect(mod).toBeDefined();
    expect((mod as { after: Record<string, unknown> }).after[String(whole)]).toMatchObject({ count: 2, outOfRange: 1 });

    // The step is signed: no more readings into it, and its field no longer changes.
    const late = await t.req('acmeResponsable', 'POST', '/api/equipment/releves/set-captured-values', {
      values: [reading(p, pression, 8)],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/ne se relève pas à l’étape en cours/);
  });

  it('the second step takes only its chosen points, and only its named validator records them (403 for others)', async () => {
    const p = await newProcess();
    const first = await call('acmeResponsable', 'POST', '/api/equipment/releves/set-captured-values', {
      values: [reading(p, pression, 8)],
    });
    await call('acmeResponsable', 'PUT', '/api/v3/process/sign', {
      id: p,
      rawData: { [whole]: { gammeId: gamme, releveIds: [first.items[0].id] } },
    });
    const before = await readingsOf(p);
    const notHis = await t.req('acmeAdmin', 'POST', '/api/equipment/releves/set-captured-values', {
      values: [reading(p, temperature, 80)],
    });
    expect(notHis.statusCode).toBe(403);
    const notCovered = await t.req('acmeResponsable', 'POST', '/api/equipment/releves/set-captured-values', {
      values: [reading(p, pression, 8)],
    });
    expect(notCovered.statusCode).toBe(409);
    expect(notCovered.json().message).toMatch(/Pression/);
    expect(await readingsOf(p)).toBe(before);
    const ok = await call('acmeResponsable', 'POST', '/api/equipment/releves/set-captured-values', {
      values: [reading(p, temperature, 80)],
    });
    const u = await call('acmeResponsable', 'PUT', '/api/v3/process/update', {
      id: p,
      rawData: { [part]: { gammeId: gamme, releveIds: [ok.items[0].id] } },
    });
    expect(u.rawData[String(part)]).toMatchObject({ count: 1, outOfRange: 0 });
  });

  it('refuses a summary naming another gamme, another process’s readings or a point outside the field (400, nothing saved)', async () => {
    const p1 = await newProcess();
    const p2 = await newProcess();
    const mine = await call('acmeResponsable', 'POST', '/api/equipment/releves/set-captured-values', {
      values: [reading(p1, pression, 8)],
    });
    const loose = await call('acmeResponsable', 'POST', '/api/equipment/releves/set-captured-values', {
      values: [reading(null, foreignPoint, 3)],
    });
    const bad = async (value: unknown, pattern: RegExp) => {
      const r = await t.req('acmeResponsable', 'PUT', '/api/v3/process/update', { id: p2, rawData: { [whole]: value } });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toMatch(pattern);
    };
    await bad({ gammeId: other, releveIds: [loose.items[0].id] }, /autre gamme/);
    await bad({ gammeId: gamme, releveIds: [mine.items[0].id] }, /pas été saisi pour ce processus/);
    await bad({ gammeId: gamme, releveIds: [loose.items[0].id] }, /pas été saisi pour ce processus/);
    await bad({ gammeId: gamme, releveIds: [999_999] }, /introuvable/);
    await bad('12 bar', /enregistrez la ronde/);
    const [row] = await sys<{ raw_data: Record<string, unknown> }>(sql`select raw_data from process where id = ${p2}`);
    expect(row.raw_data[String(whole)]).toBeUndefined();
    // A cancelled reading no longer counts.
    await call('acmeResponsable', 'DELETE', `/api/equipment/releves/history/delete/${mine.items[0].id}?motif=Erreur`);
    const r = await t.req('acmeResponsable', 'PUT', '/api/v3/process/update', {
      id: p1,
      rawData: { [whole]: { gammeId: gamme, releveIds: [mine.items[0].id] } },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/annulé/);
  });

  it('a reading field takes no value at creation, a copy starts empty, another company cannot record into the process', async () => {
    const c = await t.req('acmeResponsable', 'POST', '/api/v3/process/create', {
      processModeleId: wf,
      nomProcess: 'Ronde',
      rawData: { [whole]: { gammeId: gamme, releveIds: [1] } },
    });
    expect(c.statusCode).toBe(400);
    const p = await newProcess();
    const rec = await call('acmeResponsable', 'POST', '/api/equipment/releves/set-captured-values', { values: [reading(p, pression, 8)] });
    await call('acmeResponsable', 'PUT', '/api/v3/process/update', {
      id: p,
      rawData: { [whole]: { gammeId: gamme, releveIds: [rec.items[0].id] } },
    });
    const copy = await call('acmeAdmin', 'POST', '/api/v3/process/duplicate', { id: p });
    expect(copy.rawData[String(whole)]).toBeUndefined();
    const beta = await t.req('betaAdmin', 'POST', '/api/equipment/releves/set-captured-values', {
      values: [{ ...reading(p, pression, 8) }],
    });
    expect(beta.statusCode).toBe(400);
    expect(await readingsOf(p)).toBe(1);
  });
});

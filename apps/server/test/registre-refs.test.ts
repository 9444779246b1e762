import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/platform/db/tenant.ts';
import { type Actor, startTestApp, type TestApp } from './harness.ts';

// The registry's references checked like the other ids of an input (ticket 13): a row of another company or an
// unknown one is refused in French (400 naming the field), nothing written.
let t: TestApp;
const sys = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) =>
  withSystem(t.server.database.db, 'test: registre refs', async (tx) => (await tx.execute(q)) as unknown as { rows: T[] }).then(
    (r) => r.rows,
  );
const req = (as: Actor, method: string, url: string, body?: unknown) => t.req(as, method, url, body);

let acmeEq: { id: number; version: number };
let betaEq: number;
let betaLoc: number;
let acmeLoc: number;
let betaGamme: number;

beforeAll(async () => {
  t = await startTestApp();
  acmeEq = (await req('acmeAdmin', 'POST', '/api/v2/equipement/create', { parentId: null, name: 'Armoire refs' })).json();
  betaEq = (await req('betaAdmin', 'POST', '/api/v2/equipement/create', { parentId: null, name: 'Armoire Béta' })).json().id;
  betaLoc = (await req('betaAdmin', 'POST', '/api/v3/location/create', { libelle: 'Atelier Béta' })).json().id;
  acmeLoc = (await req('acmeAdmin', 'POST', '/api/v3/location/create', { libelle: 'Atelier refs' })).json().id;
  const [{ id: mr }] = await sys<{ id: number }>(sql`select id from logiciel where code = 'mr'`);
  betaGamme = (await req('betaAdmin', 'POST', '/api/gamme/save', { libelle: 'Ronde Béta', logiciel_id: mr })).json().id;
}, 120_000);
afterAll(() => t?.close());

const refused = (r: { statusCode: number; json: () => { message: string; detail?: { champ: string }[] } }, champ: string) => {
  expect(r.statusCode).toBe(400);
  expect(r.json().message).toMatch(/Référence invalide/);
  expect(r.json().detail?.map((d) => d.champ)).toContain(champ);
};

describe('equipment permission entries', () => {
  it('name an equipment of the company: another company’s or an unknown one is refused, nothing written', async () => {
    const count = async () => Number((await sys<{ n: number }>(sql`select count(*)::int as n from equipment_permission`))[0].n);
    const before = await count();
    for (const equipementId of [betaEq, 999_999]) {
      refused(
        await req('acmeAdmin', 'POST', '/api/v2/equipment_permission/create', {
          equipementId,
          profilId: null,
          utilisateurId: t.ids.user.acmeTechnicien,
          permissions: { read: true },
        }),
        'equipementId',
      );
    }
    expect(await count()).toBe(before);
    const ok = await req('acmeAdmin', 'POST', '/api/v2/equipment_permission/create', {
      equipementId: acmeEq.id,
      utilisateurId: t.ids.user.acmeTechnicien,
      permissions: { read: true },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});

describe('an equipment’s location marker and gamme', () => {
  it('refuse another company’s or an unknown location and gamme, nothing written; accept the company’s own', async () => {
    for (const localisationId of [betaLoc, 999_999]) {
      refused(
        await req('acmeAdmin', 'PUT', '/api/v2/equipement/update', {
          id: acmeEq.id,
          version: acmeEq.version,
          name: 'Armoire refs',
          marker: { localisationId, x: 0.5, y: 0.5 },
        }),
        'marker.localisationId',
      );
    }
    refused(
      await req('acmeAdmin', 'POST', '/api/v2/equipement/create', {
        parentId: null,
        name: 'Ailleurs',
        marker: { localisationId: betaLoc, x: 0, y: 0 },
      }),
      'marker.localisationId',
    );
    refused(
      await req('acmeAdmin', 'PUT', '/api/v2/equipement/update', {
        id: acmeEq.id,
        version: acmeEq.version,
        name: 'Armoire refs',
        gammeId: betaGamme,
      }),
      'gammeId',
    );
    const [row] = await sys<{ localisation_id: number | null; gamme_id: number | null }>(
      sql`select localisation_id, gamme_id from equipement where id = ${acmeEq.id}`,
    );
    expect(row).toEqual({ localisation_id: null, gamme_id: null });
    const ok = await req('acmeAdmin', 'PUT', '/api/v2/equipement/update', {
      id: acmeEq.id,
      version: acmeEq.version,
      name: 'Armoire refs',
      marker: { localisationId: acmeLoc, x: 0.25, y: 0.75 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().marker).toEqual({ localisationId: acmeLoc, x: 0.25, y: 0.75 });
  });
});

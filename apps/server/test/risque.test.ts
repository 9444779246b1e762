import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/platform/db/tenant.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { mkEquipement, mkRisque } from './matrix/registre-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const setHide = (id: number, hide: boolean) =>
  withSystem(t.server.database.db, 'test: hide the parent risks', (tx) =>
    tx.execute(sql`update equipement set hide_risques_parent = ${hide} where id = ${id}`),
  );
const risksOf = async (id: number) => {
  const r = await t.req('acmeAdmin', 'GET', `/api/v2/equipement/${id}/risques`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { id: number; risque: { libelle: string }; herite: boolean; source: { id: number; name: string } }[];
};
const add = (eq: number, risqueId: number) => t.req('acmeAdmin', 'POST', `/api/v2/equipement/${eq}/risques/add`, { risqueId });

describe('catalogue', () => {
  it('every company starts with the INRS families and 4-level G/F scales', async () => {
    for (const as of ['acmeAdmin', 'betaAdmin'] as const) {
      const f = (await t.req(as, 'GET', '/api/v2/risk_famille/get')).json();
      expect(f.map((x: { code: string }) => x.code)).toEqual(expect.arrayContaining(['electrique', 'chute-hauteur', 'bruit']));
      const e = (await t.req(as, 'GET', '/api/v2/risk_echelle/get')).json();
      expect(e.gravite.map((n: { niveau: number }) => n.niveau)).toEqual([1, 2, 3, 4]);
    }
  });

  it('refuses a level outside the company scale, computes G × F', async () => {
    const r = await t.req('acmeAdmin', 'POST', '/api/v2/risk/create', { libelle: 'Trop grave', gravite: 7 });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/gravité/);
    const ok = await t.req('acmeAdmin', 'POST', '/api/v2/risk/create', { libelle: 'Électrisation', gravite: 4, frequence: 3 });
    expect(ok.json().criticite).toBe(12);
    // The scale cannot shrink below a level in use.
    const shrink = await t.req('acmeAdmin', 'PUT', '/api/v2/risk_echelle/update', { axe: 'gravite', libelles: ['Faible', 'Forte'] });
    expect(shrink.statusCode).toBe(409);
  });

  it('arranges the listed risks among their slots and duplicates right after the source', async () => {
    const fam = (await t.req('acmeAdmin', 'POST', '/api/v2/risk_famille/create', { libelle: 'Ordre' })).json().id;
    const a = await mkRisque(t, 'acmeAdmin', { libelle: 'A', familleId: fam });
    const b = await mkRisque(t, 'acmeAdmin', { libelle: 'B', familleId: fam });
    const c = await mkRisque(t, 'acmeAdmin', { libelle: 'C', familleId: fam });
    const names = async () =>
      (await t.req('acmeAdmin', 'GET', `/api/v2/risk/get?familleId=${fam}`)).json().map((r: { libelle: string }) => r.libelle);
    expect((await t.req('acmeAdmin', 'PUT', '/api/v2/risk/arrange', { ids: [c, a, b] })).statusCode).toBe(200);
    expect(await names()).toEqual(['C', 'A', 'B']);
    const d = await t.req('acmeAdmin', 'POST', `/api/v2/risk/${c}/duplicate`);
    expect(d.json().libelle).toBe('C (copie)');
    expect(await names()).toEqual(['C', 'C (copie)', 'A', 'B']);
    // Another company's risk cannot be ordered.
    const theirs = await mkRisque(t, 'betaAdmin');
    expect((await t.req('acmeAdmin', 'PUT', '/api/v2/risk/arrange', { ids: [a, theirs] })).statusCode).toBe(404);
    // A family with risks is kept.
    expect((await t.req('acmeAdmin', 'DELETE', `/api/v2/risk_famille/delete/${fam}`)).statusCode).toBe(409);
  });

  it('refuses to delete a risk while equipment carries it (409 naming it), then soft-deletes it', async () => {
    const r = await mkRisque(t, 'acmeAdmin', { libelle: 'Arc électrique' });
    const eq = await mkEquipement(t, t.ids.acme, { name: 'Cellule HTA 2' });
    expect((await add(eq, r)).statusCode).toBe(200);
    const del = await t.req('acmeAdmin', 'DELETE', `/api/v2/risk/delete/${r}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/Cellule HTA 2/);
    const link = (await risksOf(eq))[0].id;
    expect((await t.req('acmeAdmin', 'DELETE', `/api/v2/equipement/risques/delete/${link}`)).statusCode).toBe(200);
    expect((await t.req('acmeAdmin', 'DELETE', `/api/v2/risk/delete/${r}`)).statusCode).toBe(200);
    expect((await t.req('acmeAdmin', 'GET', '/api/v2/risk/get')).json().some((x: { id: number }) => x.id === r)).toBe(false);
  });
});

describe('equipment risks', () => {
  it('inherit from ancestors, each saying where it comes from, down to a node hiding its parent’s', async () => {
    const root = await mkEquipement(t, t.ids.acme, { name: 'Poste HTA' });
    const mid = await mkEquipement(t, t.ids.acme, { name: 'Cellule arrivée', parentId: root });
    const leaf = await mkEquipement(t, t.ids.acme, { name: 'Sectionneur', parentId: mid });
    const elec = await mkRisque(t, 'acmeAdmin', { libelle: 'Électrisation' });
    const chute = await mkRisque(t, 'acmeAdmin', { libelle: 'Chute de plain-pied' });
    const coupure = await mkRisque(t, 'acmeAdmin', { libelle: 'Coupure' });
    expect((await add(root, elec)).statusCode).toBe(200);
    expect((await add(mid, chute)).statusCode).toBe(200);
    expect((await add(leaf, coupure)).statusCode).toBe(200);
    expect((await add(leaf, coupure)).statusCode).toBe(409);

    const all = await risksOf(leaf);
    expect(all.map((r) => [r.risque.libelle, r.herite, r.source.name])).toEqual([
      ['Coupure', false, 'Sectionneur'],
      ['Chute de plain-pied', true, 'Cellule arrivée'],
      ['Électrisation', true, 'Poste HTA'],
    ]);

    await setHide(mid, true);
    expect((await risksOf(leaf)).map((r) => r.risque.libelle)).toEqual(['Coupure', 'Chute de plain-pied']);
    expect((await risksOf(mid)).map((r) => r.risque.libelle)).toEqual(['Chute de plain-pied']);
    await setHide(leaf, true);
    expect((await risksOf(leaf)).map((r) => r.risque.libelle)).toEqual(['Coupure']);
    expect((await risksOf(root)).map((r) => r.risque.libelle)).toEqual(['Électrisation']);
  });

  it('refuse another company’s equipment and risk', async () => {
    const mine = await mkEquipement(t, t.ids.acme);
    const theirs = await mkEquipement(t, t.ids.beta);
    expect((await add(theirs, await mkRisque(t))).statusCode).toBe(404);
    const r = await add(mine, await mkRisque(t, 'betaAdmin'));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/Référence invalide/);
    expect((await t.req('betaAdmin', 'GET', `/api/v2/equipement/${mine}/risques`)).statusCode).toBe(404);
  });
});

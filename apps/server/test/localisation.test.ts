import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { mkEquipement, mkLocalisation, PNG_1PX, uploadPlan } from './matrix/registre-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('demo', () => {
  it('gives Acme its locations with a plan image and markers, and its INRS risk catalogue', async () => {
    const list = (await t.req('acmeAdmin', 'GET', '/api/v3/location/get')).json();
    const atelier = list.find((l: { libelle: string }) => l.libelle === 'Atelier principal');
    expect(list.map((l: { libelle: string }) => l.libelle)).toEqual(
      expect.arrayContaining(['Atelier principal', 'Poste HTA', 'Local compresseurs']),
    );
    expect(atelier.markers.map((m: { libelle: string }) => m.libelle)).toContain('Point de rassemblement');
    const img = await t.req('acmeAdmin', 'GET', `/api/v3/location/${atelier.id}/image`);
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const risques = (await t.req('acmeAdmin', 'GET', '/api/v2/risk/get')).json();
    expect(risques.map((r: { libelle: string }) => r.libelle)).toContain('Électrisation par contact direct');
    expect((await t.req('betaAdmin', 'GET', '/api/v3/location/get')).json()).toEqual([]);
    // The demo's equipment stands on the plans and carries risks its subtree inherits.
    const poste = list.find((l: { libelle: string }) => l.libelle === 'Poste HTA');
    const placed = (await t.req('acmeAdmin', 'GET', `/api/v2/equipement/by_location/${poste.id}`)).json();
    expect(placed.map((e: { name: string }) => e.name)).toContain('Poste de livraison HTA 20 kV');
    const cell = placed.find((e: { name: string }) => e.name === 'Cellule arrivée réseau');
    const inherited = (await t.req('acmeAdmin', 'GET', `/api/v2/equipement/${cell.id}/risques`)).json();
    expect(inherited).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ herite: true, source: expect.objectContaining({ name: 'Poste de livraison HTA 20 kV' }) }),
      ]),
    );
  });
});

describe('plan image', () => {
  it.each([
    ['an SVG (may carry scripts)', 'plan.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), /refusé/],
    ['a PDF', 'plan.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n'), /refusé/],
    ['a text renamed .png', 'plan.png', 'image/png', Buffer.from('pas une image'), /ne correspond pas/],
    ['a PNG announced as JPEG', 'plan.png', 'image/jpeg', PNG_1PX, /ne correspond pas/],
    ['an empty file', 'plan.png', 'image/png', Buffer.alloc(0), /vide/],
  ])('refuses %s with a 4xx in French, keeping no image', async (_, name, mime, content, msg) => {
    const id = await mkLocalisation(t);
    const r = await uploadPlan(t, 'acmeAdmin', id, name, mime, content);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().message).toMatch(msg);
    expect((await t.req('acmeAdmin', 'GET', `/api/v3/location/get/${id}`)).json().image).toBeNull();
    expect((await t.req('acmeAdmin', 'GET', `/api/v3/location/${id}/image`)).statusCode).toBe(404);
  });

  it('refuses an image above 5 MB with 413', async () => {
    const id = await mkLocalisation(t);
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const r = await uploadPlan(t, 'acmeAdmin', id, 'plan.png', 'image/png', big);
    expect(r.statusCode, r.body).toBe(413);
    expect(r.json().message).toMatch(/volumineuse/);
  });

  it('stores a PNG, serves its bytes with its type, and refuses another company', async () => {
    const id = await mkLocalisation(t);
    const up = await uploadPlan(t, 'acmeAdmin', id, 'atelier.png', 'image/png', PNG_1PX);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().image).toMatchObject({ nom: 'atelier.png', mime: 'image/png', taille: PNG_1PX.length });
    const img = await t.req('acmeAdmin', 'GET', `/api/v3/location/${id}/image`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(PNG_1PX)).toBe(true);
    expect((await t.req('betaAdmin', 'GET', `/api/v3/location/${id}/image`)).statusCode).toBe(404);
    expect((await uploadPlan(t, 'betaAdmin', id, 'x.png', 'image/png', PNG_1PX)).statusCode).toBe(404);
  });
});

describe('locations', () => {
  it('keep their markers in 0..1 and replace them as a whole', async () => {
    const id = await mkLocalisation(t, 'acmeAdmin', {
      markers: [
        { libelle: 'Point de rassemblement', x: 0.1, y: 0.9, icon: 'users-group' },
        { libelle: 'Extincteur', x: 0.5, y: 0.5, icon: 'fire-extinguisher', couleur: '#c92a2a' },
      ],
    });
    const l = (await t.req('acmeAdmin', 'GET', `/api/v3/location/get/${id}`)).json();
    expect(l.markers.map((m: { libelle: string }) => m.libelle)).toEqual(['Point de rassemblement', 'Extincteur']);
    const u = await t.req('acmeAdmin', 'PUT', '/api/v3/location/update', {
      id,
      version: l.version,
      markers: [{ libelle: 'Extincteur', x: 0.6, y: 0.4 }],
    });
    expect(u.statusCode, u.body).toBe(200);
    expect(u.json().markers).toEqual([expect.objectContaining({ libelle: 'Extincteur', x: 0.6, y: 0.4 })]);
    // The version read before is stale now.
    const stale = await t.req('acmeAdmin', 'PUT', '/api/v3/location/update', { id, version: l.version, libelle: 'Trop tard' });
    expect(stale.statusCode).toBe(409);
    const out = await t.req('acmeAdmin', 'PUT', '/api/v3/location/update', { id, markers: [{ libelle: 'Dehors', x: 1.2, y: 0 }] });
    expect(out.statusCode).toBe(400);
  });

  it('refuses a parent cycle', async () => {
    const a = await mkLocalisation(t);
    const b = await mkLocalisation(t, 'acmeAdmin', { parentId: a });
    const r = await t.req('acmeAdmin', 'PUT', '/api/v3/location/update', { id: a, parentId: b });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/elle-même/);
  });

  it('store an optional geographic position, bounded', async () => {
    const id = await mkLocalisation(t, 'acmeAdmin', { latitude: 45.76, longitude: 4.84 });
    expect((await t.req('acmeAdmin', 'GET', `/api/v3/location/get/${id}`)).json()).toMatchObject({ latitude: 45.76, longitude: 4.84 });
    expect((await t.req('acmeAdmin', 'POST', '/api/v3/location/create', { libelle: 'X', latitude: 91 })).statusCode).toBe(400);
  });

  it('refuse deletion (409 naming the equipment) while equipment stands on them, then soft-delete', async () => {
    const id = await mkLocalisation(t);
    const eq = await mkEquipement(t, t.ids.acme, { name: 'Transformateur T1', localisationId: id });
    expect((await t.req('acmeAdmin', 'GET', `/api/v3/location/get/${id}`)).json().nbEquipements).toBe(1);
    const r = await t.req('acmeAdmin', 'DELETE', `/api/v3/location/delete/${id}`);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/Transformateur T1/);
    expect(r.json().detail).toEqual({ equipementIds: [eq] });
    const { withSystem } = await import('../src/platform/db/tenant.ts');
    const { sql } = await import('drizzle-orm');
    await withSystem(t.server.database.db, 'test: move the equipment away', (tx) =>
      tx.execute(sql`update equipement set localisation_id = null where id = ${eq}`),
    );
    expect((await t.req('acmeAdmin', 'DELETE', `/api/v3/location/delete/${id}`)).statusCode).toBe(200);
    expect((await t.req('acmeAdmin', 'GET', `/api/v3/location/get/${id}`)).statusCode).toBe(404);
    const row = await withSystem(t.server.database.db, 'test: the row is kept', (tx) =>
      tx.execute(sql`select deleted_at from localisation where id = ${id}`),
    );
    expect((row as unknown as { rows: { deleted_at: unknown }[] }).rows[0].deleted_at).not.toBeNull();
  });

  it('refuse equipment pointing at a location that does not exist (foreign key)', async () => {
    await expect(mkEquipement(t, t.ids.acme, { localisationId: 999_999 })).rejects.toThrow();
  });

  it('make their creator their administrator (S 126)', async () => {
    const id = await mkLocalisation(t, 'acmeResponsable');
    const r = await t.req('acmeResponsable', 'PUT', '/api/v3/location/update', { id, libelle: 'La mienne' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().abilities).toMatchObject({ update: true, delete: true });
    // Not the locations of others.
    const theirs = await mkLocalisation(t, 'acmeAdmin');
    expect((await t.req('acmeResponsable', 'PUT', '/api/v3/location/update', { id: theirs, libelle: 'Non' })).statusCode).toBe(403);
    expect((await t.req('acmeResponsable', 'DELETE', `/api/v3/location/delete/${theirs}`)).statusCode).toBe(403);
  });
});

import { BODY_LIMITS, DEFAULT_BODY_LIMIT, NOTHING_TO_CHANGE, SETTINGS_BOUNDS } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, startTestApp, type TestApp } from './harness.ts';

// Sizes are bounded (issue 10, item 6): body limits per route family, lengths of texts, size and depth of
// free-form JSON, the preferences kept in the session; and an update with nothing to change is a 400.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const deep = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};
const detailMessages = (json: { detail?: unknown }) =>
  Array.isArray(json.detail) ? json.detail.map((d: { message: string }) => d.message) : [];

describe('body limits', () => {
  it('a body over the default limit is a 413 in French JSON with its code', async () => {
    const r = await t.req('acmeAdmin', 'POST', '/api/v2/service_modele/create', { libelle: 'Gros', pad: 'x'.repeat(DEFAULT_BODY_LIMIT) });
    expect(r.statusCode).toBe(413);
    expect(r.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Contenu trop volumineux.' });
  });

  it('sign-in has a small limit', async () => {
    const r = await t.req(null, 'POST', '/login', { mail: 'admin@acme.demo.fr', password: 'x', pad: 'x'.repeat(BODY_LIMITS.small) });
    expect(r.statusCode).toBe(413);
    expect(r.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a person with a signature image larger than the default limit is saved (image limit)', async () => {
    const signature = `data:image/png;base64,${'A'.repeat(270_000)}`;
    expect(signature.length).toBeGreaterThan(DEFAULT_BODY_LIMIT);
    const r = await t.req('acmeAdmin', 'PUT', '/api/v2/utilisateur/update', { id: t.ids.user.acmeTechnicien, signature });
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    expect(r.json().signature).toBe(signature);
  });

  it('an upload larger than the JSON limits still works (multipart has its own 20 MB limit)', async () => {
    const w = (await t.req('acmeAdmin', 'POST', '/api/v2/workflow/create', { libelle: 'Dossier volumineux' })).json();
    const field = (
      await t.req('acmeAdmin', 'PUT', '/api/v2/etape/assign_metrique', {
        etapeId: w.etapes[0].id,
        nom: 'Plans',
        dataType: 'file',
        propertyValues: { accept: ['pdf'] },
      })
    ).json().id;
    const p = (await t.req('acmeAdmin', 'POST', '/api/v3/process/create', { processModeleId: w.id })).json();
    const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3 * 1024 * 1024, 0x41)]);
    const m = multipart('plan.pdf', 'application/pdf', content);
    const r = await t.server.app.inject({
      method: 'POST',
      url: `/api/v2/process/upload_file?process_id=${p.id}&metrique_id=${field}`,
      headers: { cookie: await t.cookieOf('acmeAdmin'), 'content-type': m.contentType },
      payload: m.body,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().taille).toBe(content.length);
  });
});

describe('lengths of texts and free-form JSON', () => {
  it.each([
    ['a service name', 'POST', '/api/v2/service_modele/create', { libelle: 'x'.repeat(121) }, 'libelle'],
    ['a process name', 'POST', '/api/v3/process/create', { processModeleId: 1, nomProcess: 'x'.repeat(201) }, 'nomProcess'],
    [
      'a criterion field',
      'POST',
      '/api/v2/filtre/create',
      { tableauId: 1, nom: 'F', criteres: [{ champ: `metrique:${'1'.repeat(50)}`, operateur: 'empty' }] },
      'criteres.0.champ',
    ],
    ['a date', 'PUT', '/api/v3/process/update', { id: 1, dateDebut: `2026-01-01T00:00:00.${'1'.repeat(60)}Z` }, 'dateDebut'],
  ])('an over-long text (%s) is a 400 naming the field', async (_l, method, url, body, champ) => {
    const r = await t.req('acmeAdmin', method, url, body);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().code).toBe('VALIDATION');
    expect(r.json().message).toContain(champ);
  });

  it.each([
    ['a board configuration', 'POST', '/api/v2/tableau/create', { nom: 'T', config: deep(20) }, 'config', /trop imbriqué/],
    [
      'a board configuration',
      'POST',
      '/api/v2/tableau/create',
      { nom: 'T', config: { a: 'x'.repeat(70 * 1024) } },
      'config',
      /trop volumineux/,
    ],
    [
      'a workflow configuration',
      'POST',
      '/api/v2/workflow/create',
      { libelle: 'Wf', config: { x: deep(3000) } },
      'config',
      /trop imbriqué/,
    ],
    [
      'a step configuration',
      'POST',
      '/api/v2/etape/create',
      { processModeleId: 1, nom: 'E', config: { x: 'x'.repeat(70 * 1024) } },
      'config',
      /trop volumineux/,
    ],
    ['process values', 'PUT', '/api/v3/process/update', { id: 1, rawData: { '1': deep(50) } }, 'rawData', /trop imbriqué/],
    [
      'permission conditions',
      'PUT',
      '/api/v2/permission/update',
      { id: 1, conditions: { a: 'x'.repeat(9000) } },
      'conditions',
      /trop volumineux/,
    ],
    [
      'a condition value',
      'PUT',
      '/api/v2/metrique/update',
      { id: 1, conditions: [{ effect: 'show', tests: [{ metriqueId: 1, operator: 'equals', value: deep(10) }] }] },
      'conditions.0.tests.0.value',
      /trop imbriqué/,
    ],
    ['preferences', 'POST', '/api/utilisateur/save_setting', { settings: { tables: deep(3000) } }, 'settings', /trop imbriqué/],
  ])('too deep or too big free-form JSON (%s) is a 400', async (_l, method, url, body, champ, message) => {
    const r = await t.req('acmeAdmin', method, url, body);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().message).toContain(champ);
    expect(detailMessages(r.json()).join(' ')).toMatch(message);
  });
});

describe('preferences keep the session small', () => {
  it('save_setting refuses more than the bound, also once merged, and getConnectedUser stays small', async () => {
    const big = 'x'.repeat(40 * 1024);
    const over = await t.req('acmeResponsable', 'POST', '/api/utilisateur/save_setting', {
      settings: { a: 'x'.repeat(SETTINGS_BOUNDS.maxBytes) },
    });
    expect(over.statusCode).toBe(400);
    expect((await t.req('acmeResponsable', 'POST', '/api/utilisateur/save_setting', { settings: { a: big } })).statusCode).toBe(200);
    const merged = await t.req('acmeResponsable', 'POST', '/api/utilisateur/save_setting', { settings: { b: big } });
    expect(merged.statusCode).toBe(400);
    expect(merged.json()).toMatchObject({ code: 'VALIDATION', message: 'Préférences trop volumineuses (64 Kio au plus en tout).' });
    const session = await t.req('acmeResponsable', 'GET', '/api/getConnectedUser');
    expect(session.statusCode).toBe(200);
    expect(session.json().settings.a).toBe(big);
    expect(session.json().settings.b).toBeUndefined();
    expect(session.body.length).toBeLessThan(SETTINGS_BOUNDS.maxBytes + 64 * 1024);
    // Replacing a key by a smaller value is still possible.
    expect((await t.req('acmeResponsable', 'POST', '/api/utilisateur/save_setting', { settings: { a: 'petit' } })).statusCode).toBe(200);
  });
});

describe('an update with nothing to change', () => {
  it.each([
    ['PUT', '/api/v2/service_modele/update', {}],
    ['PUT', '/api/v2/service_modele/updateEE', {}],
    ['PUT', '/api/v2/service_modele/update_fournisseur', {}],
    ['PUT', '/api/entreprise/update_entreprise', {}],
    ['PUT', '/api/v2/workflow/update', { version: 0 }],
    ['PUT', '/api/v2/etape/update', {}],
    ['PUT', '/api/v2/metrique/update', {}],
    ['PUT', '/api/v2/etape/update_action_metrique', {}],
    ['PUT', '/api/v2/permission/update', {}],
    ['PUT', '/api/v2/tableau/update', {}],
    ['PUT', '/api/v2/filtre/update', {}],
    ['PUT', '/api/v2/affichage/update', {}],
    ['POST', '/api/entreprise_setting/update/entreprise_logiciel', {}],
  ])('%s %s with only its id is a 400 « Aucune modification demandée. »', async (method, url, extra) => {
    const r = await t.req('superadmin', method, url, { id: 1, ...extra });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toMatchObject({ code: 'VALIDATION', message: NOTHING_TO_CHANGE });
    expect(detailMessages(r.json())).toContain(NOTHING_TO_CHANGE);
  });

  it('a change that turns out to change nothing of the row is answered unchanged', async () => {
    const logiciels = await t.req('superadmin', 'PUT', '/api/entreprise/update_entreprise', {
      id: t.ids.gamma,
      logiciels: [{ code: 'mc', enable: true }],
    });
    expect(logiciels.statusCode, logiciels.body).toBe(200);
    const a = (await t.req('acmeAdmin', 'POST', '/api/v2/affichage/create', { nom: 'Mon affichage', personnel: true })).json();
    const same = await t.req('acmeAdmin', 'PUT', '/api/v2/affichage/update', { id: a.id, personnel: true });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ id: a.id, nom: 'Mon affichage', personnel: true });
  });
});

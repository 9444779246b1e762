import http from 'node:http';
import { allEndpoints, buildPath } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

// Issue 10: authentication before any validation, NUL characters refused by name, and every error the framework
// or Node's HTTP parser raises answered in the product's French JSON with a code.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const secured = allEndpoints().filter((e) => e.access.kind !== 'public');
/** A path with every parameter filled by something no schema accepts. */
const hostilePath = (path: string) => buildPath(path, new Proxy({}, { get: () => 'pas-un-id' }) as Record<string, string>);

// What a client might send: nothing, an empty object, wrong types, NUL characters, malformed JSON, another type.
const BODIES: { label: string; payload?: string; type?: string }[] = [
  { label: 'no body' },
  { label: 'empty object', payload: '{}', type: 'application/json' },
  { label: 'wrong types', payload: '{"id":"x","libelle":12,"ids":"no"}', type: 'application/json' },
  { label: 'NUL in a value and a key', payload: '{"nom":"a\\u0000b","\\u0000":1}', type: 'application/json' },
  { label: 'malformed JSON', payload: '{"id": 1,', type: 'application/json' },
  { label: 'text body', payload: 'bonjour', type: 'text/plain' },
];

describe('authentication comes first', () => {
  it('answers 401 on every secured route without a session, whatever the body and the parameters', async () => {
    const failures: string[] = [];
    for (const e of secured) {
      for (const b of BODIES) {
        const res = await t.server.app.inject({
          method: e.method,
          url: `${hostilePath(e.path)}?since=x&offset=-1&search=%00`,
          ...(b.payload !== undefined ? { payload: b.payload, headers: { 'content-type': b.type as string } } : {}),
        });
        const body = res.headers['content-type']?.includes('json') ? res.json() : null;
        if (res.statusCode !== 401 || body?.code !== 'UNAUTHENTICATED')
          failures.push(`${e.method} ${e.path} (${b.label}) → ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(secured.length).toBeGreaterThan(100);
  });

  it('answers 401 with an unknown session cookie before saying anything about the input', async () => {
    const failures: string[] = [];
    for (const e of secured) {
      for (const b of BODIES.slice(2)) {
        const res = await t.server.app.inject({
          method: e.method,
          url: hostilePath(e.path),
          headers: { cookie: 'sid=inconnu', ...(b.type ? { 'content-type': b.type } : {}) },
          ...(b.payload !== undefined ? { payload: b.payload } : {}),
        });
        if (res.statusCode !== 401) failures.push(`${e.method} ${e.path} (${b.label}) → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('still validates once signed in: a bad body is a 400 naming the field', async () => {
    const res = await t.req('acmeAdmin', 'POST', '/api/v2/service_modele/create', { libelle: 12 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('libelle') });
  });

  it('refuses before validating a signed-in caller the ability does not allow (403, not 400)', async () => {
    const res = await t.req('acmeTechnicien', 'POST', '/api/v2/service_modele/create', { libelle: 12 });
    expect(res.statusCode).toBe(403);
  });
});

describe('NUL characters', () => {
  const countServices = async () => (await t.req('acmeAdmin', 'GET', '/api/v2/service_modele/get')).json().length as number;

  it('refuses one in a body value with a 400 naming the field, writing nothing', async () => {
    const before = await countServices();
    const res = await t.req('acmeAdmin', 'POST', '/api/v2/service_modele/create', { libelle: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'Caractère nul interdit : libelle.', detail: [{ champ: 'libelle' }] });
    expect(await countServices()).toBe(before);
  });

  it('refuses one in a query parameter, in a nested value and in a key', async () => {
    const q = await t.req('acmeAdmin', 'GET', '/api/utilisateurs/get_by_company?search=%00');
    expect(q.statusCode).toBe(400);
    expect(q.json().message).toBe('Caractère nul interdit : search.');
    const list = await t.req('acmeAdmin', 'GET', '/api/process/get_by_paging?search=ab%00c');
    expect(list.statusCode).toBe(400);
    const key = await t.req('acmeAdmin', 'POST', '/api/utilisateur/save_setting', { settings: { theme: { 'a\u0000': 1 } } });
    expect(key.statusCode).toBe(400);
    expect(key.json().message).toBe('Caractère nul interdit : settings.theme.a\\0.');
    const update = await t.req('acmeAdmin', 'PUT', '/api/v3/process/update', { id: 2, nomProcess: 'x\u0000y' });
    expect(update.statusCode).toBe(400);
    expect(update.json().detail[0].champ).toBe('nomProcess');
  });

  it('refuses one on a public route too (sign-in)', async () => {
    const res = await t.req(null, 'POST', '/login', { mail: 'admin@acme.demo.fr', password: 'Demo-2026!\u0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });
});

describe('framework errors answer French JSON with a code', () => {
  it('malformed JSON: 400 « Corps JSON invalide. », signed in or on a public route', async () => {
    const cookie = await t.cookieOf('acmeAdmin');
    for (const [url, headers] of [
      ['/api/v2/service_modele/create', { cookie }],
      ['/login', {}],
    ] as const) {
      const res = await t.server.app.inject({
        method: 'POST',
        url,
        payload: '{"libelle":',
        headers: { ...headers, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Corps JSON invalide.', code: 'VALIDATION' });
    }
  });

  it('another content type: 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await t.server.app.inject({
      method: 'POST',
      url: '/api/v2/service_modele/create',
      payload: 'libelle=a',
      headers: { cookie: await t.cookieOf('acmeAdmin'), 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringMatching(/JSON attendu/) });
  });

  it('a body over the route limit: 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.server.app.inject({
      method: 'POST',
      url: '/api/v2/service_modele/create',
      payload: JSON.stringify({ libelle: 'x'.repeat(3 * 1024 * 1024) }),
      headers: { cookie: await t.cookieOf('acmeAdmin'), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Contenu trop volumineux.' });
  });

  it('an unknown API path: 404 ROUTE_NOT_FOUND', async () => {
    const res = await t.req('acmeAdmin', 'GET', '/api/nulle-part');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROUTE_NOT_FOUND');
  });

  // Node's HTTP parser refuses these before Fastify: only a real socket shows them.
  const raw = async (path: string, headers: Record<string, string>) => {
    const base = new URL(await t.baseUrl());
    return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const r = http.request({ host: base.hostname, port: base.port, path, headers }, (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
      });
      r.on('error', reject);
      r.end();
    });
  };

  it('a 20 KB query string: 431 HEADERS_TOO_LARGE in JSON', async () => {
    const res = await raw(`/api/utilisateurs/get_by_company?search=${'a'.repeat(20_000)}`, {});
    expect(res.status).toBe(431);
    expect(res.type).toContain('application/json');
    expect(JSON.parse(res.body)).toMatchObject({ code: 'HEADERS_TOO_LARGE', message: expect.stringMatching(/trop longs/) });
  });

  it('a 17 KB header: 431 HEADERS_TOO_LARGE in JSON, and the server goes on answering', async () => {
    const res = await raw('/api/health', { 'x-grand': 'b'.repeat(17_000) });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body).code).toBe('HEADERS_TOO_LARGE');
    const after = await raw('/api/health', {});
    expect(after.status).toBe(200);
  });
});

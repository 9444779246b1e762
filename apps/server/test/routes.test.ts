import fs from 'node:fs';
import path from 'node:path';
import { allEndpoints } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindRoute } from '../src/platform/http/bind.ts';
import { ROUTES } from '../src/server.ts';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const fastifyPath = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');
// Served by the OpenAPI UI plugin: public documentation, no data.
const DOCS = /^\/api\/docs/;

describe('routes and their authorization rules', () => {
  it('binds every endpoint of the contracts exactly once', () => {
    const keys = ROUTES.map((r) => `${r.endpoint.method} ${r.endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual(
      allEndpoints()
        .map((e) => `${e.method} ${e.path}`)
        .sort(),
    );
  });

  it('every registered route is an endpoint with a declared access rule', () => {
    const declared = new Map(ROUTES.map((r) => [`${r.endpoint.method} ${fastifyPath(r.endpoint.path)}`, r.endpoint.access]));
    const unruled = t.server.app.registeredRoutes
      .filter((r) => r.method !== 'HEAD' && !DOCS.test(r.url) && !r.url.startsWith('/*'))
      .filter((r) => !declared.get(`${r.method} ${r.url}`));
    expect(unruled).toEqual([]);
    for (const access of declared.values()) expect(['public', 'session', 'ability', 'anyAbility']).toContain(access.kind);
  });

  it('refuses to bind an endpoint without an access rule', () => {
    const e = { ...allEndpoints()[0], access: undefined } as never;
    expect(() => bindRoute(t.server.app, {} as never, { endpoint: e, public: true, handler: async () => ({}) })).toThrow(/règle d'accès/);
  });

  it('only sign-in, sign-out, activation and health are public', () => {
    const pub = allEndpoints()
      .filter((e) => e.access.kind === 'public')
      .map((e) => e.path)
      .sort();
    expect(pub).toEqual(['/api/auth/clear_cookie', '/api/auth/validate_user', '/api/health', '/login']);
  });

  it('lists every route with its schemas in /api/docs/json', async () => {
    const r = await t.req(null, 'GET', '/api/docs/json');
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    for (const e of allEndpoints()) {
      const op = doc.paths[e.path]?.[e.method.toLowerCase()];
      expect(op, `${e.method} ${e.path}`).toBeTruthy();
      expect(op.responses[String(e.status ?? 200)]).toBeTruthy();
      if (e.body) expect(op.requestBody, `${e.method} ${e.path} body`).toBeTruthy();
    }
  });

  it('serves the spec paths of the company, settings, users, groups, service model, profile, auth, menu and permission blocks', () => {
    const tsv = fs.readFileSync(path.resolve(import.meta.dirname, '../../../packages/contracts/spec/endpoints.tsv'), 'utf8');
    const ours = new Set(allEndpoints().map((e) => `${e.method} ${e.path.replace(/\{\w+\}/g, '{}')}`));
    const wanted = tsv
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t'))
      .filter(
        ([area, , p]) =>
          p &&
          (['company', 'settings', 'user', 'permission'].includes(area) ||
            /profil_modele|equipment_permission|\/login$|\/api\/auth\//.test(p)),
      )
      .map(([, m, p]) => `${m} ${p.replace(/\{\w+\}/g, '{}')}`);
    const missing = [...new Set(wanted)].filter((k) => !ours.has(k));
    expect(missing).toEqual([]);
  });

  it('treats an empty JSON body as no body, and refuses broken JSON in French', async () => {
    const cookie = await t.cookieOf('acmeAdmin');
    const svc = (await t.req('acmeAdmin', 'POST', '/api/v2/service_modele/create', { libelle: 'Temporaire' })).json();
    const del = await t.server.app.inject({
      method: 'DELETE',
      url: `/api/v2/service_modele/delete/${svc.id}`,
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(del.statusCode, del.body).toBe(200);
    const broken = await t.server.app.inject({
      method: 'POST',
      url: '/api/v2/service_modele/create',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"libelle":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ message: 'Corps JSON invalide.', code: 'VALIDATION' });
  });

  it('serves the spec paths of the workflow, metric, process and signature blocks (but the later lists and mails)', () => {
    const tsv = fs.readFileSync(path.resolve(import.meta.dirname, '../../../packages/contracts/spec/endpoints.tsv'), 'utf8');
    const ours = new Set(allEndpoints().map((e) => `${e.method} ${e.path.replace(/\{\w+\}/g, '{}')}`));
    const later = /search_by_paging|send_mail|^GET \/api\/processes$/;
    const wanted = tsv
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t'))
      .filter(([area, , p]) => p && ['workflow', 'metric', 'process', 'signature', 'board'].includes(area))
      .map(([, m, p]) => `${m} ${p.replace(/\{\w+\}/g, '{}')}`)
      .filter((k) => !later.test(k) && !later.test(k.split(' ')[1]));
    expect([...new Set(wanted)].filter((k) => !ours.has(k))).toEqual([]);
  });

  it('serves the spec paths of the gamme block and the readings (ticket 13)', () => {
    const tsv = fs.readFileSync(path.resolve(import.meta.dirname, '../../../packages/contracts/spec/endpoints.tsv'), 'utf8');
    const ours = new Set(allEndpoints().map((e) => `${e.method} ${e.path.replace(/\{\w+\}/g, '{}')}`));
    const wanted = tsv
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t'))
      .filter(([area, , p]) => p && (area === 'gamme' || p.startsWith('/api/equipment/releves/')))
      .map(([, m, p]) => `${m} ${p.replace(/\{\w+\}/g, '{}')}`);
    expect(wanted.length).toBe(22);
    expect([...new Set(wanted)].filter((k) => !ours.has(k))).toEqual([]);
  });

  it('serves the spec paths of the habilitation evaluations (ticket 14, tsv 2–8)', () => {
    const tsv = fs.readFileSync(path.resolve(import.meta.dirname, '../../../packages/contracts/spec/endpoints.tsv'), 'utf8');
    const ours = new Set(allEndpoints().map((e) => `${e.method} ${e.path}`));
    const wanted = tsv
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t'))
      .filter(([area, , p]) => area === 'habilitation' && p && /qcm|habilitation_evaluation/.test(p))
      .map(([, m, p]) => `${m} ${p}`);
    expect(new Set(wanted).size).toBe(7);
    expect([...new Set(wanted)].filter((k) => !ours.has(k))).toEqual([]);
  });

  it('answers unknown API paths with a French JSON 404', async () => {
    const r = await t.req(null, 'GET', '/api/nexiste/pas');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND', message: 'Adresse inconnue.' });
  });
});

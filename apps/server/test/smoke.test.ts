// The smoke subset, also run on the embedded PGlite engine (`npm run test:pglite`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('smoke', () => {
  it('smoke: reports its engine', async () => {
    const r = await t.req(null, 'GET', '/api/health');
    expect(r.json()).toEqual({ status: 'ok', database: ENGINE === 'pglite' ? 'pglite' : 'postgres' });
  });
  it('smoke: signs in and returns the session', async () => {
    const r = await t.req('acmeAdmin', 'GET', '/api/getConnectedUser');
    expect(r.json()).toMatchObject({ companyName: 'Acme Énergie', role: 'admin' });
  });
  it('smoke: isolates companies', async () => {
    const beta = await t.req('betaAdmin', 'GET', `/api/utilisateurs/${t.ids.user.acmeAdmin}`);
    expect(beta.statusCode).toBe(404);
    const list = (await t.req('betaAdmin', 'GET', '/api/utilisateurs/get_by_company')).json();
    expect(list.items.every((u: { entrepriseId: number }) => u.entrepriseId === t.ids.beta)).toBe(true);
  });
  it('smoke: creates, deactivates and deletes a user', async () => {
    const c = await t.req('acmeAdmin', 'POST', '/api/v2/utilisateur/create', {
      nom: 'Smoke',
      prenom: 'Test',
      mail: 'smoke@acme.test',
      profilId: 6,
    });
    expect(c.statusCode, c.body).toBe(200);
    expect((await t.req('acmeAdmin', 'DELETE', `/api/utilisateur/${c.json().id}/active`)).json().enable).toBe(false);
    expect((await t.req('acmeAdmin', 'POST', '/api/utilisateur/delete_complete', { user_id: c.json().id })).statusCode).toBe(200);
  });
  it('smoke: a super admin lists every company', async () => {
    const r = await t.req('superadmin', 'GET', '/api/entreprise/get_entreprises');
    expect(r.json().map((e: { nom: string }) => e.nom)).toEqual(['Support plateforme', 'Acme Énergie', 'Béta Industrie', 'Gamma Services']);
  });
});

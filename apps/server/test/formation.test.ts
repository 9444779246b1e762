import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/platform/db/tenant.ts';
import { type Actor, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
const sys = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) =>
  withSystem(t.server.database.db, 'test: formation', async (tx) => (await tx.execute(q)) as unknown as { rows: T[] }).then((r) => r.rows);
const call = async (as: Actor, method: string, url: string, body?: unknown, status = 200) => {
  const r = await t.req(as, method, url, body);
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(status);
  return r.json();
};
const refused = async (as: Actor, method: string, url: string, body: unknown, status: number, message: RegExp) => {
  const r = await t.req(as, method, url, body);
  expect(r.statusCode, r.body).toBe(status);
  const { message: m, detail } = r.json();
  expect(`${m} ${JSON.stringify(detail ?? '')}`).toMatch(message);
};
const count = async () => Number((await sys<{ n: number }>(sql`select count(*)::int as n from formation`))[0].n);

const training = (over: Record<string, unknown> = {}) => ({
  utilisateurId: t.ids.user.acmeTechnicien,
  intitule: 'Habilitation électrique B1V-B2V-BR-BC',
  organisme: 'APAVE',
  date: '2026-03-12',
  validUntil: '2029-03-12',
  avisApresFormation: [
    { symbole: 'b1v', avis: 'favorable' },
    { symbole: 'BC', avis: 'defavorable' },
  ],
  ...over,
});

beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t?.close());

describe('trainings', () => {
  it('are created with their avis per symbol, listed paged and per person, then changed', async () => {
    const f = await call('acmeResponsable', 'POST', '/api/formation/save', training());
    expect(f).toMatchObject({
      utilisateurId: t.ids.user.acmeTechnicien,
      organisme: 'APAVE',
      date: '2026-03-12',
      validUntil: '2029-03-12',
      avisApresFormation: [
        { symbole: 'B1V', avis: 'favorable' },
        { symbole: 'BC', avis: 'defavorable' },
      ],
    });
    await call(
      'acmeAdmin',
      'POST',
      '/api/formation/save',
      training({ utilisateurId: t.ids.user.acmeResponsable, date: '2025-01-10', validUntil: null }),
    );
    const page = await call('acmeAdmin', 'GET', '/api/formation/get_by_pagging?offset=0&perPage=1');
    expect(page).toMatchObject({ offset: 0, perPage: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
    const mine = await call('acmeTechnicien', 'GET', `/api/formation/gets?utilisateurId=${t.ids.user.acmeTechnicien}`);
    expect(mine.map((x: { id: number }) => x.id)).toContain(f.id);
    expect(mine.every((x: { utilisateurId: number }) => x.utilisateurId === t.ids.user.acmeTechnicien)).toBe(true);
    const changed = await call('acmeResponsable', 'POST', '/api/formation/save', {
      ...training({ id: f.id, avisApresFormation: [{ symbole: 'BC', avis: 'favorable' }] }),
    });
    expect(changed.avisApresFormation).toEqual([{ symbole: 'BC', avis: 'favorable' }]);
  });

  it('bad input is refused in French with nothing written', async () => {
    const before = await count();
    await refused('acmeAdmin', 'POST', '/api/formation/save', training({ validUntil: '2020-01-01' }), 400, /précède/);
    await refused(
      'acmeAdmin',
      'POST',
      '/api/formation/save',
      training({
        avisApresFormation: [
          { symbole: 'BC', avis: 'favorable' },
          { symbole: 'bc', avis: 'defavorable' },
        ],
      }),
      400,
      /Un seul avis/,
    );
    await refused('acmeAdmin', 'POST', '/api/formation/save', training({ organisme: '' }), 400, /organisme/);
    await refused('acmeAdmin', 'POST', '/api/formation/save', training({ date: '12/03/2026' }), 400, /AAAA-MM-JJ/);
    await refused(
      'acmeAdmin',
      'POST',
      '/api/formation/save',
      training({ avisApresFormation: [{ symbole: 'B1V', avis: 'bof' }] }),
      400,
      /favorable/,
    );
    expect(await count()).toBe(before);
  });

  it('rights and companies: a technician reads but does not write; another company neither sees nor names them', async () => {
    const f = await call('acmeAdmin', 'POST', '/api/formation/save', training());
    const before = await count();
    await refused('acmeTechnicien', 'POST', '/api/formation/save', training(), 403, /droits/);
    await refused('acmeTechnicien', 'POST', '/api/formation/cancel', { id: f.id, motif: 'x' }, 403, /droits/);
    await refused('betaAdmin', 'POST', '/api/formation/save', training(), 400, /Référence invalide/);
    await refused(
      'betaAdmin',
      'POST',
      '/api/formation/save',
      training({ id: f.id, utilisateurId: t.ids.user.betaAdmin }),
      404,
      /introuvable/,
    );
    await refused('betaAdmin', 'POST', '/api/formation/cancel', { id: f.id, motif: 'x' }, 404, /introuvable/);
    expect((await call('betaAdmin', 'GET', '/api/formation/gets')).map((x: { id: number }) => x.id)).not.toContain(f.id);
    expect(await count()).toBe(before);
    expect((await t.req(null, 'GET', '/api/formation/gets')).statusCode).toBe(401);
  });

  it('a cancellation keeps the row with who, when and why; the training leaves the lists', async () => {
    const f = await call('acmeAdmin', 'POST', '/api/formation/save', training({ intitule: 'Saisie en double' }));
    await refused('acmeAdmin', 'POST', '/api/formation/cancel', { id: f.id, motif: ' ' }, 400, /motif/);
    await call('acmeAdmin', 'POST', '/api/formation/cancel', { id: f.id, motif: 'Saisie en double' });
    const [row] = await sys(
      sql`select deleted_reason, deleted_by_id, deleted_at is not null as cancelled from formation where id = ${f.id}`,
    );
    expect(row).toEqual({ deleted_reason: 'Saisie en double', deleted_by_id: t.ids.user.acmeAdmin, cancelled: true });
    expect((await call('acmeAdmin', 'GET', '/api/formation/gets')).map((x: { id: number }) => x.id)).not.toContain(f.id);
    await refused('acmeAdmin', 'POST', '/api/formation/cancel', { id: f.id, motif: 'encore' }, 404, /introuvable/);
  });
});

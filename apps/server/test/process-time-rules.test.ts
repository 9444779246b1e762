// Time rules of the engine (issue 12, item 8): a step signed only once the process has started, before it has
// ended, or some minutes after the previous signature (the fire watch); no process closed before its start. The
// dates are set relative to now (hours, days): nothing waits, nothing depends on the time the test runs.
import { formatDate, formatTime } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/platform/db/tenant.ts';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let wf: number;
let steps: { id: number; ordre: number }[];

const a = (method: string, url: string, body?: unknown) =>
  t.req('acmeAdmin', method, url, body).then((r) => {
    if (r.statusCode >= 300) throw new Error(`${url}: ${r.body}`);
    return r.json();
  });
const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const rules = (ordre: number, timeRules: object) => a('PUT', '/api/v2/etape/update', { id: steps[ordre - 1].id, config: { timeRules } });
const create = (dateDebut: string | null, dateFin: string | null = null) =>
  a('POST', '/api/v3/process/create', { processModeleId: wf, dateDebut, dateFin }) as Promise<{ id: number }>;
const sign = (id: number) => t.req('acmeAdmin', 'PUT', '/api/v3/process/sign', { id });
/** Moves the process's last signature back in time (its step's validation date), as if signed earlier. */
const signedAgo = (id: number, minutes: number) =>
  withSystem(t.server.database.db, 'test: signature in the past', (tx) =>
    tx.execute(
      sql`update process_etape set date_realise = now() - make_interval(mins => ${minutes}) where process_id = ${id} and is_valid`,
    ),
  );

beforeAll(async () => {
  t = await startTestApp();
  const w = await a('POST', '/api/v2/workflow/create', { libelle: 'Permis de feu (règles de temps)', package: 'permis' });
  // A new workflow has its first step: the works.
  for (const nom of ['Surveillance', 'Clôture']) await a('POST', '/api/v2/etape/create', { processModeleId: w.id, nom });
  wf = w.id;
  steps = (await a('GET', '/api/v2/workflow/get_workflows_for_edition')).find((m: { id: number }) => m.id === w.id).etapes;
});
afterAll(async () => t?.close());

describe('a step signed only inside the process window', () => {
  it('refuses before the start, naming the rule and the time in Paris, then allows once started', async () => {
    await rules(1, { afterStart: true, beforeEnd: true });
    const debut = hours(2);
    const early = await create(debut, hours(10));
    const r = await sign(early.id);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({
      code: 'CONFLICT',
      message: `Signature impossible avant le début du processus : possible à partir du ${formatDate(debut)} à ${formatTime(debut)}.`,
      detail: { regle: 'afterStart' },
    });
    const started = await create(hours(-1), hours(10));
    expect((await sign(started.id)).statusCode).toBe(200);
  });

  it('refuses once the end has passed, and without a start date when the step waits for it', async () => {
    const ended = await create(hours(-48), hours(-24));
    const r = await sign(ended.id);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/^Signature impossible : la fin du processus est passée \(le \d\d\/\d\d\/\d\d à \d\d:\d\d\)\.$/);
    const undated = await create(null);
    expect((await sign(undated.id)).json().message).toMatch(/n’a pas de date de début/);
    await rules(1, {});
    // Without rules on the step, it is signed whatever the dates.
    expect((await sign(ended.id)).statusCode).toBe(200);
  });
});

describe('the fire watch: minutes after the previous signature', () => {
  it('refuses the round too soon after the works were signed, allows it once the time has passed', async () => {
    await rules(2, { minutesAfterPrevious: 60 });
    const p = await create(hours(-3), hours(10));
    expect((await sign(p.id)).statusCode).toBe(200);
    const soon = await sign(p.id);
    expect(soon.statusCode).toBe(409);
    expect(soon.json().message).toMatch(
      /^Signature impossible avant 60 min après la signature précédente \(.+\) : possible à partir du .+\.$/,
    );
    expect(soon.json().detail.regle).toBe('minutesAfterPrevious');
    await signedAgo(p.id, 61);
    expect((await sign(p.id)).statusCode).toBe(200);
    await rules(2, {});
  });
});

describe('no process closed before its start', () => {
  it('refuses signing the last step before the start, on every step rule set or none', async () => {
    const p = await create(hours(24), hours(48));
    expect((await sign(p.id)).statusCode).toBe(200);
    expect((await sign(p.id)).statusCode).toBe(200);
    const last = await sign(p.id);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ detail: { regle: 'closeAfterStart' } });
    expect(last.json().message).toMatch(/^Ce processus ne peut pas être clôturé avant son début \(le .+\)\.$/);
    // Nothing was written by the refused signature.
    expect((await t.req('acmeAdmin', 'GET', `/api/process/get/${p.id}`)).json()).toMatchObject({ etat: 'en_cours', currentEtapeOrdre: 3 });
    // Nor can its state be set to ended by its status.
    const byStatus = await t.req('acmeAdmin', 'PUT', '/api/v3/process/update-status-process', { id: p.id, status: 'CS', etat: 'termine' });
    expect(byStatus.statusCode).toBe(409);
    // Once the start has come (moved here to an hour ago), it closes.
    await a('PUT', '/api/v3/process/update', { id: p.id, dateDebut: hours(-1) });
    const closed = await sign(p.id);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().etat).toBe('termine');
  });

  it('lets a process without a start date close', async () => {
    const p = await create(null);
    for (let i = 0; i < 3; i++) expect((await sign(p.id)).statusCode).toBe(200);
  });
});

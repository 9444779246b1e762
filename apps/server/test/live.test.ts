import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from '../src/server.ts';
import { ENGINE, readStream, startTestApp, type TestApp } from './harness.ts';
import { call, consignedLockout, sysRows } from './matrix/consignation-fixtures.ts';

let t: TestApp;
let second: Server | null = null;
let wfId: number;
beforeAll(async () => {
  t = await startTestApp();
  wfId = (await t.req('acmeAdmin', 'POST', '/api/v2/workflow/create', { libelle: 'Live' })).json().id;
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe.skipIf(ENGINE !== 'postgres')('live updates across two server instances', () => {
  it('delivers an update made on one instance to a client of the other, and catches up after a reconnect', async () => {
    second = await createServer({ databaseUrl: t.databaseUrl, demoSeed: false, logLevel: 'warn', webDist: '/nonexistent' });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    const a = second.app.server.address();
    const urlB = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/api/v2/process/events`;
    const cookie = await t.cookieOf('acmeResponsable');

    // A client of instance B listens; a process is created and updated through instance A.
    const listening = readStream(urlB, cookie, (text) => /event: updated/.test(text), 8000);
    await new Promise((r) => setTimeout(r, 300));
    const p = (await t.req('acmeTechnicien', 'POST', '/api/v3/process/create', { processModeleId: wfId })).json();
    await t.req('acmeTechnicien', 'PUT', '/api/v3/process/update', { id: p.id, nomProcess: 'Renommé en direct' });
    const got = await listening;
    expect(got.status).toBe(200);
    expect(got.text).toMatch(new RegExp(`event: created\\ndata: .*"processIds":\\[${p.id}\\]`));
    expect(got.text).toMatch(/event: updated/);

    // A reconnecting client gets what it missed since its last event id.
    const firstId = Number(/id: (\d+)\nevent: created/.exec(got.text)?.[1]);
    await t.req('acmeAdmin', 'POST', '/api/process/delete_process_subprocesses', { id: p.id });
    const again = await readStream(urlB, cookie, (text) => /event: deleted/.test(text), 5000, { 'last-event-id': String(firstId) });
    expect(again.text).toMatch(/event: updated/);
    expect(again.text).toMatch(new RegExp(`event: deleted\\ndata: .*"processIds":\\[${p.id}\\]`));
  });

  it('never sends a company the events of another', async () => {
    const beta = readStream(
      `${await t.baseUrl()}/api/v2/process/events`,
      await t.cookieOf('betaAdmin'),
      (text) => /event: created/.test(text),
      2500,
    );
    await new Promise((r) => setTimeout(r, 300));
    await t.req('acmeTechnicien', 'POST', '/api/v3/process/create', { processModeleId: wfId });
    const got = await beta;
    expect(got.text).toContain('event: ready');
    expect(got.text).not.toContain('event: created');
  });
});

describe.skipIf(ENGINE !== 'postgres')('live updates of lockouts', () => {
  it('a padlock put through the consignation route announces the lockout and its mother; a refused one announces nothing', async () => {
    const url = `${await t.baseUrl()}/api/v2/process/events`;
    const cookie = await t.cookieOf('acmeResponsable');
    const mere = await consignedLockout(t, { typeConsignation: 2 });
    const fille = await consignedLockout(t, { typeConsignation: 7, parentId: mere });
    // Where the company's events stand now; what follows is replayed from there (no waiting on the live feed).
    const ready = await readStream(url, cookie, (text) => /event: ready/.test(text));
    const since = Number(/"lastEventId":(\d+)/.exec(ready.text)?.[1]);
    expect(since).toBeGreaterThan(0);
    const padlock = { processId: fille, utilisateurId: t.ids.user.acmeTechnicien, numero: 'P-LIVE' };
    await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/cadenas/create', padlock);
    // The same worker's second padlock is refused (409): rolled back, it announces nothing.
    await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/cadenas/create', { ...padlock, numero: 'P-LIVE-2' }, 409);
    const got = await readStream(`${url}?since=${since}`, cookie, (text) => /event: updated/.test(text));
    expect(got.text).toMatch(new RegExp(`event: updated\\ndata: .*"processIds":\\[${fille},${mere}\\]`));
    const events = await sysRows<{ type: string; process_ids: number[] }>(
      t,
      sql`select type, process_ids from process_event where entreprise_id = ${t.ids.acme} and id > ${since} order by id`,
    );
    expect(events).toEqual([{ type: 'updated', process_ids: [fille, mere] }]);
  });
});

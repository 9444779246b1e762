import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/engine.ts';
import { DatabaseStartError } from '../src/platform/db/faults.ts';
import { createServer, type Server } from '../src/server.ts';
import { ENGINE, startTestApp, type TestApp } from './harness.ts';

// Issue 10 item 1: the server survives its database. Connections are killed with pg_terminate_backend (what a
// restart, a failover or a pooler does) and PostgreSQL is made unreachable through a TCP proxy, on this test's own
// database only. Waits are bounded by progress (a number of acknowledged writes, a stream that ends), never slept.

const root = path.resolve(import.meta.dirname, '../../..');

/** Polls `fn` until it is true; fails after `ms`. Returns the time it took. */
async function until(fn: () => Promise<boolean>, ms: number, what: string): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await fn().catch(() => false)) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`pas de retour en ${ms} ms : ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A TCP proxy to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
async function pgProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      const srv = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server = srv;
      srv.listen(port, '127.0.0.1', () => {
        port = (srv.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await open();
  return {
    get port() {
      return port;
    },
    cut: async () => {
      await new Promise<void>((resolve) => {
        server?.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: open,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve()));
    },
  };
}

describe.skipIf(ENGINE !== 'postgres')('database faults (PostgreSQL)', () => {
  let t: TestApp;
  let admin: pg.Client;
  beforeAll(async () => {
    t = await startTestApp();
    admin = new pg.Client({ connectionString: t.databaseUrl as string });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  const terminateServerConnections = async () => {
    const r = await admin.query(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return r.rows[0].n as number;
  };

  it('stays up while its connections are terminated three times under 20 writers; every acknowledged write is stored once', async () => {
    const acked: string[] = [];
    const unexpected: string[] = [];
    let unavailable = 0;
    let stop = false;
    let lastSuccessAt = 0;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const libelle = `Panne ${w}-${i}`;
        const res = await t.req('acmeAdmin', 'POST', '/api/v2/service_modele/create', { libelle });
        if (res.statusCode === 200) {
          acked.push(libelle);
          lastSuccessAt = Date.now();
        } else if (res.statusCode === 503 && res.json().code === 'DATABASE_UNAVAILABLE') unavailable++;
        else unexpected.push(`${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    };
    await t.cookieOf('acmeAdmin');
    const writers = Array.from({ length: 20 }, (_, w) => writer(w));
    const recoveries: number[] = [];
    try {
      for (let k = 0; k < 3; k++) {
        const before = acked.length;
        await until(async () => acked.length >= before + 40, 60_000, 'écritures avant la coupure');
        const killed = await terminateServerConnections();
        expect(killed).toBeGreaterThan(0);
        const cutAt = Date.now();
        recoveries.push(await until(async () => lastSuccessAt > cutAt, 10_000, `écritures après la coupure ${k + 1}`));
      }
    } finally {
      stop = true;
      await Promise.all(writers);
    }
    expect(unexpected).toEqual([]);
    for (const ms of recoveries) expect(ms).toBeLessThan(5000);
    const health = await t.req(null, 'GET', '/api/health');
    expect(health.json()).toEqual({ status: 'ok', database: 'postgres' });
    const stored = await admin.query<{ libelle: string; n: number }>(
      `select libelle, count(*)::int as n from service_modele where libelle like 'Panne %' group by libelle`,
    );
    const counts = new Map(stored.rows.map((r) => [r.libelle, r.n]));
    expect(acked.filter((l) => counts.get(l) !== 1)).toEqual([]);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    // A write answered 503 may or may not have committed (the COMMIT can be lost on its way back), never twice.
    expect(counts.size).toBeGreaterThanOrEqual(acked.length);
    expect(counts.size).toBeLessThanOrEqual(acked.length + unavailable);
  });

  describe('PostgreSQL unreachable, then back', () => {
    let proxy: Awaited<ReturnType<typeof pgProxy>>;
    let second: Server;
    beforeAll(async () => {
      const url = new URL(t.databaseUrl as string);
      proxy = await pgProxy({ host: url.hostname, port: Number(url.port || 5432) });
      url.host = `127.0.0.1:${proxy.port}`;
      // A second instance on the same database, reaching it only through the proxy.
      second = await createServer({
        databaseUrl: url.toString(),
        dataDir: '',
        demoSeed: false,
        logLevel: 'silent',
        webDist: '/nonexistent',
      });
      await second.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await second?.close();
      await proxy?.close();
    });

    it('answers 503 « database down » on /api/health and requests, then ok within 5 s of its return; live clients catch up', async () => {
      const base = `http://127.0.0.1:${(second.app.server.address() as net.AddressInfo).port}`;
      const cookie = await t.cookieOf('acmeAdmin');
      const health = () => fetch(`${base}/api/health`).then(async (r) => ({ status: r.status, body: await r.json() }));
      expect((await health()).status).toBe(200);

      // A live client of the second instance, on the company's process events.
      const stream = await fetch(`${base}/api/v2/process/events`, { headers: { cookie } });
      expect(stream.status).toBe(200);
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      const dec = new TextDecoder();
      let text = '';
      while (!text.includes('event: ready')) text += dec.decode((await reader.read()).value);
      const lastId = Number(/id: (\d+)/.exec(text)?.[1]);
      expect(Number.isInteger(lastId)).toBe(true);

      await proxy.cut();
      const down = await health();
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ database: 'down', code: 'DATABASE_UNAVAILABLE' });
      const list = await fetch(`${base}/api/v2/service_modele/get`, { headers: { cookie } });
      expect(list.status).toBe(503);
      expect(await list.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE', message: expect.stringMatching(/indisponible/) });

      // Meanwhile a process changes (through the first instance, whose database is reachable).
      const page = await t.req('acmeAdmin', 'GET', '/api/process/get_by_paging?perPage=50');
      let processId = 0;
      for (const p of page.json().items as { id: number }[]) {
        const changed = await t.req('acmeAdmin', 'PUT', '/api/v3/process/update', {
          id: p.id,
          nomProcess: `Renommé pendant la panne ${p.id}`,
        });
        if (changed.statusCode === 200) {
          processId = p.id;
          break;
        }
      }
      expect(processId).toBeGreaterThan(0);

      await proxy.restore();
      const back = await until(async () => (await health()).status === 200, 5000, '/api/health après le retour');
      expect(back).toBeLessThan(5000);
      expect((await fetch(`${base}/api/v2/service_modele/get`, { headers: { cookie } })).status).toBe(200);

      // Once it listens again the instance ends its streams; the client comes back with Last-Event-ID.
      await until(
        async () => {
          const r = await reader.read();
          return r.done;
        },
        30_000,
        'fin du flux après la reprise de LISTEN',
      );
      const ctrl = new AbortController();
      const again = await fetch(`${base}/api/v2/process/events`, {
        headers: { cookie, 'last-event-id': String(lastId) },
        signal: ctrl.signal,
      });
      const r2 = (again.body as ReadableStream<Uint8Array>).getReader();
      let replay = '';
      while (!replay.includes('event: updated')) {
        const { value, done } = await r2.read();
        if (done) break;
        replay += dec.decode(value);
      }
      ctrl.abort();
      expect(replay).toContain('event: updated');
      expect(replay).toContain(`"processIds":[${processId}]`);
    });
  });
});

describe('a database that cannot be opened at start', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-corrupt-'));
    fs.mkdirSync(path.join(dir, 'pgdata/global'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'pgdata/PG_VERSION'), 'pas une version\n');
    fs.writeFileSync(path.join(dir, 'pgdata/global/pg_control'), Buffer.alloc(8192, 7));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a corrupt embedded folder is refused with a French reason, and the folder is not left locked', async () => {
    const err = await openDatabase({ databaseUrl: null, dataDir: dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseStartError);
    expect((err as Error).message).toMatch(/^La base embarquée .* ne peut pas être ouverte/);
    expect((err as Error).message).toMatch(/restaurez une sauvegarde/);
    expect(fs.readdirSync(dir).some((f) => f.includes('lock'))).toBe(false);
  });

  it('the server stops with that sentence and no stack trace', () => {
    const r = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir, PORT: '0', DEMO_SEED: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/Erreur : La base embarquée .* ne peut pas être ouverte/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('an unreachable PostgreSQL at start is said the same way, without the password', async () => {
    const err = await openDatabase({ databaseUrl: 'postgres://app:secret@127.0.0.1:1/nulle', dataDir: '' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseStartError);
    expect((err as Error).message).toMatch(/^PostgreSQL est injoignable \(127\.0\.0\.1:1\/nulle\)/);
    expect((err as Error).message).not.toContain('secret');
  });
});

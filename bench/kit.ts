// What every bench script shares: its options, its own database, the measured server in its own process
// (bench/serve.ts: migrates, writes the demo data, records on request the SQL it sends), latency percentiles, the
// closed-loop driver of a replay, the replay of a request's whole SQL and the CPU meter.
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import pg from 'pg';

/** `--name N` of the command line, or `dflt`. */
export const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};

/** `--only a,b`: measure only these (while working on one of them), or null for all. */
export const onlyArg = (): string[] | null =>
  process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : null;

/** p50, p95 and p99 of latencies in milliseconds, to a tenth. */
export function percentiles(lat: number[]) {
  lat.sort((a, b) => a - b);
  const pct = (p: number) => Math.round(lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))] * 10) / 10;
  return { p50: pct(50), p95: pct(95), p99: pct(99) };
}

/**
 * A statement the server sent, as it records them: `prepared` is the name it is prepared under on the server's
 * connection (a request's opening, the statements of executePrepared and queryPrepared), none when sent unnamed.
 */
export type Statement = { sql: string; params: unknown[]; name?: string; prepared?: string };

/** A new database `<prefix>_<now>` on the PostgreSQL server of DATABASE_URL (default the local one). */
export async function createBenchDatabase(prefix: string) {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { admin, name, dbUrl: url.toString() };
}

/** Starts bench/serve.ts on the database; `ask` sends a message and waits for the answer carrying `key`. */
export function startBenchServer(dbUrl: string, label: string) {
  const server: ChildProcess = fork(new URL('./serve.ts', import.meta.url), [], {
    // BENCH_PROFILE=dir: the server writes a CPU profile there when it stops (open it in Chrome's DevTools).
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [])],
    env: { ...process.env, BENCH_DATABASE_URL: dbUrl },
  });
  async function ask<T>(message: object, key: string): Promise<T> {
    if (Object.keys(message).length) server.send(message);
    for (;;) {
      const [m] = (await once(server, 'message')) as [Record<string, unknown>];
      if (key in m) return m[key] as T;
    }
  }
  server.on('exit', (code) => {
    if (code) {
      console.error(`[${label}] le serveur s'est arrêté (code ${code})`);
      process.exit(1);
    }
  });
  return { server, ask };
}

/** `one` run in a loop by each of `clients` clients for `seconds`: the latency of each run, in milliseconds. */
export async function closedLoop(clients: number, seconds: number, one: () => Promise<unknown>): Promise<number[]> {
  const lat: number[] = [];
  const stop = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < stop) {
        const s = performance.now();
        await one();
        lat.push(performance.now() - s);
      }
    }),
  );
  return lat;
}

/**
 * The request's whole SQL as the server sends it (docs/DECISIONS.md « Ticket 13 — quelle lecture de « son SQL » »):
 * BEGIN with the prepared opening (session lookup, role, company, person), the statements prepared or not as the server
 * sent them, COMMIT, on a pool of the server's size (DB_POOL_SIZE, 10 by default) under its login role. A read-only
 * request's COMMIT is not waited for, as the server does not wait for it before answering. `all` is what the server
 * recorded for one request, its opening first.
 */
export function wholeRequestReplay(dbUrl: string) {
  const pool = new pg.Pool({ connectionString: dbUrl, max: Number(process.env.DB_POOL_SIZE ?? 10) });
  const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();
  const run = async (all: Statement[]) => {
    const [opening, ...rest] = all as [Statement, ...Statement[]];
    const at = opening.sql.indexOf('; ');
    const begin = opening.sql.slice(0, at);
    const name = opening.prepared as string;
    const client = await pool.connect();
    const done = preparedOn.get(client) ?? new Set<string>();
    preparedOn.set(client, done);
    const parts = done.has(name) ? [] : [`prepare ${name}(text) as ${opening.sql.slice(at + 2)}`];
    parts.push(begin, `execute ${name}(${client.escapeLiteral(String(opening.params[0]))})`);
    await client.query(parts.join('; '));
    done.add(name);
    for (const st of rest) {
      await client.query(st.prepared ? { name: st.prepared, text: st.sql, values: st.params } : { text: st.sql, values: st.params });
    }
    if (begin === 'begin read only') {
      client.query('commit').then(
        () => client.release(),
        (e: Error) => client.release(e),
      );
    } else {
      await client.query('commit');
      client.release();
    }
  };
  return { run, end: () => pool.end() };
}

/** Whether `all` (a request's recorded statements) starts with the server's prepared opening, as the replay needs. */
export const opensAsServer = (all: Statement[]) => /^begin( read only)?; /.test(all[0]?.sql ?? '') && !!all[0]?.prepared;

/**
 * CPU time of each side (Linux /proc, clock ticks): the server process, the PostgreSQL backends of the database
 * `direct` reaches, and this process (the SQL replay's client, or autocannon). Per request, it says what a request
 * costs whatever else the machine is running, where req/s only say it on a quiet machine.
 */
export function cpuMeter(direct: pg.Pool, serverPid: number) {
  const ticks = (pid: number) => {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return Number(f[11]) + Number(f[12]);
    } catch {
      return 0;
    }
  };
  const backends = async () =>
    (await direct.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).rows.map((r) => r.pid);
  const now = async () => {
    const pids = await backends();
    return { pg: new Map(pids.map((pid) => [pid, ticks(pid)])), node: ticks(serverPid), self: process.cpuUsage() };
  };
  const since = async (from: Awaited<ReturnType<typeof now>>, requests: number) => {
    const to = await now();
    let pgTicks = 0;
    for (const [pid, t] of to.pg) pgTicks += t - (from.pg.get(pid) ?? 0);
    const self = process.cpuUsage(from.self);
    const us = (t: number) => Math.round((t * 1e6) / 100 / Math.max(1, requests));
    return { node: us(to.node - from.node), pg: us(pgTicks), self: Math.round((self.user + self.system) / Math.max(1, requests)) };
  };
  return { now, since };
}

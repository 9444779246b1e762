// What every bench script shares: its options, its own database, the measured server in its own process
// (bench/serve.ts: migrates, writes the demo data, records on request the SQL it sends), and latency percentiles.
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
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

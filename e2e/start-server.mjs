// Starts the real server for the Playwright journeys on a fresh PostgreSQL database with the demo data.
// Writes the database URL to e2e/.state.json for the specs (they read mails from the outbox table).
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const statePath = path.join(here, '.state.json');
const adminUrl = process.env.E2E_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = process.env.PORT ?? '3100';
const dbName = `e2e_${Date.now()}`;
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;

async function admin(fn) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// Databases of earlier runs older than an hour (a killed run cannot drop its own).
await admin(async (c) => {
  const { rows } = await c.query("select datname from pg_database where datname ~ '^e2e_[0-9]+$'");
  for (const { datname } of rows) {
    if (Date.now() - Number(datname.slice(4)) > 3_600_000) {
      await c.query(`drop database if exists "${datname}" with (force)`).catch(() => {});
    }
  }
  await c.query(`create database "${dbName}"`);
});
writeFileSync(statePath, JSON.stringify({ databaseUrl: dbUrl.toString(), baseURL: `http://127.0.0.1:${port}` }, null, 2));
console.log(`[e2e] base de données ${dbName}`);

const binDir = path.dirname(process.execPath);
const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}`,
    DATABASE_URL: dbUrl.toString(),
    PORT: port,
    HOST: '127.0.0.1',
    DEMO_SEED: '1',
    NODE_ENV: 'test',
  },
});

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        r();
      }, 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        r();
      });
    });
  }
  if (!process.env.E2E_KEEP_DB) {
    await admin((c) => c.query(`drop database if exists "${dbName}" with (force)`)).catch((e) =>
      console.error(`[e2e] suppression de ${dbName} impossible : ${e.message}`),
    );
    rmSync(statePath, { force: true });
  }
  process.exit(code);
}

child.on('exit', (code) => {
  if (!stopping) {
    console.error(`[e2e] le serveur s'est arrêté (code ${code})`);
    void stop(code ?? 1);
  }
});
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));

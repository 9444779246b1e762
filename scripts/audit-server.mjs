// The server the web audits measure (`npm run audit:web`, scripts/audit-interactions.mjs): the built web app served
// by the real server, in production mode, on a fresh PostgreSQL database with the demo data, as e2e/start-server.mjs
// does for the journeys. Also signs in through the API and names the demo records each audited screen shows.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tlsModule from 'node:tls';
import pg from 'pg';
import { selfSignedCertificate } from './self-signed-certificate.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..');
const DIST_INDEX = path.join(ROOT, 'apps/web/dist/index.html');
export const ADMIN = { mail: 'admin@acme.demo.fr', password: 'Demo-2026!' };

/**
 * Makes sure a built web app exists: an existing apps/web/dist is measured as it is (rebuild it with `npm run build`
 * after changing the web app); a missing one is built first.
 */
export function ensureWebBuild() {
  if (fs.existsSync(DIST_INDEX)) {
    console.log(`[audit] application web construite le ${fs.statSync(DIST_INDEX).mtime.toISOString()} (apps/web/dist)`);
    return;
  }
  console.log("[audit] pas d'application web construite : npm run build");
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/**
 * A self-signed certificate for 127.0.0.1 in a folder of its own, trusted by this process's own requests (sign-in,
 * health); the browser is started with --ignore-certificate-errors. Returns its files and their folder.
 */
function trustedCertificate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-tls-'));
  const { certFile, keyFile } = selfSignedCertificate(dir);
  tlsModule.setDefaultCACertificates([...tlsModule.getCACertificates('default'), fs.readFileSync(certFile, 'utf8')]);
  return { dir, certFile, keyFile };
}

async function withAdmin(adminUrl, fn) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Starts the server on a fresh database (AUDIT_PORT, default 3900; AUDIT_PG_ADMIN_URL) and waits for /api/health.
 * `env`: more variables for the server (WEB_DIST: another build to serve, for an A/B comparison).
 * Returns its address, a client on its database, and stop() which ends the server and drops the database.
 */
export async function startAuditServer({ port = Number(process.env.AUDIT_PORT ?? 3900), env = {}, tls = false } = {}) {
  const adminUrl = process.env.AUDIT_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  // Two servers started in the same millisecond (an A/B comparison) get two databases.
  const dbName = `audit_${Date.now()}_${port}`;
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  await withAdmin(adminUrl, async (c) => {
    // Databases of earlier runs older than an hour (a killed run cannot drop its own).
    const { rows } = await c.query("select datname from pg_database where datname ~ '^audit_[0-9]+(_[0-9]+)?$'");
    for (const { datname } of rows) {
      if (Date.now() - Number(datname.split('_')[1]) > 3_600_000) await c.query(`drop database if exists "${datname}" with (force)`);
    }
    await c.query(`create database "${dbName}"`);
  });
  // `tls`: HTTPS with HTTP/2, as the product is deployed (TLS_CERT, TLS_KEY), on a certificate made for the run.
  const secure = tls ? trustedCertificate() : null;
  const binDir = path.dirname(process.execPath);
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}`,
      DATABASE_URL: dbUrl.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_SEED: '1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...(secure ? { TLS_CERT: secure.certFile, TLS_KEY: secure.keyFile } : {}),
      ...env,
    },
  });
  const baseUrl = `${secure ? 'https' : 'http'}://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  const stop = async () => {
    await db.end().catch(() => {});
    if (!exited) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000).unref())]);
      if (!exited) child.kill('SIGKILL');
    }
    if (secure) fs.rmSync(secure.dir, { recursive: true, force: true });
    await withAdmin(adminUrl, (c) => c.query(`drop database if exists "${dbName}" with (force)`)).catch((e) =>
      console.error(`[audit] suppression de ${dbName} impossible : ${e.message}`),
    );
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error("le serveur s'est arrêté au démarrage");
    }
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error("le serveur n'a pas répondu en 3 minutes");
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await db.connect();
  return { baseUrl, db, stop };
}

/** Signs in through the API (POST /login) and returns the cookies it set, as { name, value, httpOnly }. */
export async function signIn(baseUrl, { mail, password } = ADMIN) {
  const res = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mail, password }),
  });
  if (res.status !== 200) throw new Error(`connexion de ${mail} refusée : ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((line) => {
    const [pair, ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    return {
      name: pair.slice(0, eq).trim(),
      value: decodeURIComponent(pair.slice(eq + 1).trim()),
      httpOnly: attrs.some((a) => a.trim().toLowerCase() === 'httponly'),
    };
  });
}

/**
 * The screens audited, as paths of the web app, with the demo records they show (read from the database as its
 * owner): Acme's process with the most steps done, its first board, the workflow with the most fields.
 */
export async function auditedPages(db) {
  const one = async (sql) => {
    const { rows } = await db.query(sql);
    if (!rows[0]) throw new Error(`aucune donnée de démonstration pour : ${sql}`);
    return rows[0].id;
  };
  const acme = "(select id from entreprise where nom = 'Acme Énergie')";
  const processId = await one(
    `select p.id from process p join process_etape pe on pe.process_id = p.id
     where p.entreprise_id = ${acme} and p.niveau = 0
     group by p.id order by count(*) filter (where pe.is_valid) desc, count(*) desc, p.id limit 1`,
  );
  const tableauId = await one(`select id from tableau where entreprise_id = ${acme} order by idx, id limit 1`);
  const workflowId = await one(
    `select pm.id from process_modele pm join metrique m on m.process_modele_id = pm.id
     where pm.entreprise_id = ${acme} group by pm.id order by count(*) desc, pm.id limit 1`,
  );
  return [
    { name: 'login', label: 'connexion', path: '/login', signedIn: false },
    { name: 'home', label: 'accueil', path: '/app', signedIn: true },
    { name: 'list', label: 'liste MES_CONSIGNATIONS', path: '/app/listes/MES_CONSIGNATIONS', signedIn: true },
    { name: 'process', label: 'processus', path: `/app/processus/${processId}`, signedIn: true },
    { name: 'board', label: 'tableau', path: `/app/tableaux/${tableauId}`, signedIn: true },
    { name: 'editor', label: 'éditeur de workflow', path: `/app/workflows/${workflowId}`, signedIn: true },
  ];
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { entreprise } from '../src/modules/entreprise/entreprise.tables.ts';
import { serviceModele } from '../src/modules/service-modele/service-modele.tables.ts';
import { utilisateur } from '../src/modules/utilisateur/utilisateur.tables.ts';
import type { Config } from '../src/platform/config.ts';
import { outbox } from '../src/platform/db/platform.tables.ts';
import { withSystem } from '../src/platform/db/tenant.ts';
import { createServer, type Server } from '../src/server.ts';

/** Engine of the integration tests: real PostgreSQL by default, PGlite with TEST_ENGINE=pglite. */
export const ENGINE = process.env.TEST_ENGINE === 'pglite' ? 'pglite' : 'postgres';
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const DEMO = {
  superadmin: 'superadmin@demo.fr',
  acmeAdmin: 'admin@acme.demo.fr',
  acmeResponsable: 'responsable@acme.demo.fr',
  acmeTechnicien: 'technicien@acme.demo.fr',
  betaAdmin: 'admin@beta.demo.fr',
  gammaUser: 'intervenant@gamma.demo.fr',
} as const;
export type Actor = keyof typeof DEMO;
export const PASSWORD = 'Demo-2026!';

export interface TestApp {
  server: Server;
  /** A request as an actor (signed in once, cookie cached), or anonymous with `null`. */
  req(actor: Actor | null, method: string, url: string, body?: unknown): Promise<LightMyRequestResponse>;
  cookieOf(actor: Actor): Promise<string>;
  /** Drops a cached session cookie (after a sign-out). */
  forget(actor: Actor): void;
  ids: Fixtures;
  /** Last message queued for a recipient (the outbox). */
  lastMessage(to: string): Promise<string | null>;
  /** The app listening on a real port (for streams), started on first use. */
  baseUrl(): Promise<string>;
  /** The PostgreSQL URL of this test's database (null on PGlite). */
  databaseUrl: string | null;
  close(): Promise<void>;
}

interface Fixtures {
  acme: number;
  beta: number;
  gamma: number;
  support: number;
  user: Record<Actor, number>;
  acmeService: number;
  betaService: number;
}

/**
 * A fresh database (its own PostgreSQL database, or a PGlite folder) with the demo data, and the app on it; `webDist`
 * serves a built web app from that folder (none by default).
 */
export async function startTestApp({
  webDist = '/nonexistent',
  tls = null,
}: {
  webDist?: string;
  tls?: Config['tls'];
} = {}): Promise<TestApp> {
  let dropDb: (() => Promise<void>) | null = null;
  let dataDir = '';
  let databaseUrl: string | null = null;
  if (ENGINE === 'postgres') {
    const name = `t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(ADMIN_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      // Let the closed pool's connections finish ending before the drop, so none is killed mid-goodbye.
      for (let i = 0; i < 50; i++) {
        const r = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (r.rows[0].n === 0) break;
        await new Promise((res) => setTimeout(res, 100));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-test-'));
  }
  const server = await createServer({ databaseUrl, dataDir, demoSeed: true, logLevel: 'warn', webDist, tls });
  const db = server.database.db;
  const ids = await withSystem(db, 'test fixtures', async (tx) => {
    const companies = await tx.select().from(entreprise);
    const byName = (n: string) => companies.find((c) => c.nom === n)?.id as number;
    const users = await tx.select({ id: utilisateur.id, mail: utilisateur.mail }).from(utilisateur);
    const user = Object.fromEntries(Object.entries(DEMO).map(([k, mail]) => [k, users.find((u) => u.mail === mail)?.id])) as Record<
      Actor,
      number
    >;
    const services = await tx.select().from(serviceModele);
    return {
      acme: byName('Acme Énergie'),
      beta: byName('Béta Industrie'),
      gamma: byName('Gamma Services'),
      support: byName('Support plateforme'),
      user,
      acmeService: services.find((s) => s.libelle === 'Maintenance')?.id as number,
      betaService: services.find((s) => s.libelle === 'Atelier')?.id as number,
    };
  });
  // One sign-in per actor, shared by simultaneous requests: in-flight attempts count against the sign-in limits
  // (more than five at once for one account are refused, as for any client).
  const cookies = new Map<Actor, Promise<string>>();
  const app = server.app;
  async function signIn(actor: Actor): Promise<string> {
    const res = await app.inject({ method: 'POST', url: '/login', payload: { mail: DEMO[actor], password: PASSWORD } });
    if (res.statusCode !== 200) throw new Error(`login ${actor}: ${res.statusCode} ${res.body}`);
    const c = res.cookies.find((x) => x.name === 'sid');
    if (!c) throw new Error('no cookie');
    return `sid=${c.value}`;
  }
  function cookieOf(actor: Actor): Promise<string> {
    let pending = cookies.get(actor);
    if (!pending) {
      pending = signIn(actor);
      cookies.set(actor, pending);
      pending.catch(() => cookies.delete(actor));
    }
    return pending;
  }
  return {
    server,
    ids,
    cookieOf,
    forget: (actor) => cookies.delete(actor),
    async req(actor, method, url, body) {
      const headers: Record<string, string> = {};
      if (actor) headers.cookie = await cookieOf(actor);
      return app.inject({ method: method as 'GET', url, headers, ...(body !== undefined ? { payload: body as object } : {}) });
    },
    databaseUrl,
    async baseUrl() {
      if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
      const a = app.server.address();
      return `${tls ? 'https' : 'http'}://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
    },
    async lastMessage(to) {
      return withSystem(db, 'test outbox read', async (tx) => {
        const [m] = await tx.select().from(outbox).where(eq(outbox.destinataire, to)).orderBy(desc(outbox.id)).limit(1);
        return m?.corps ?? null;
      });
    },
    async close() {
      await server.close();
      if (dropDb) await dropDb();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Extracts a 6-digit code from a message. */
export function codeIn(text: string | null): string {
  const m = text?.match(/\b(\d{6})\b/);
  if (!m) throw new Error(`no code in ${text}`);
  return m[1];
}

/** A multipart body with one file, as a browser sends it. */
export function multipart(filename: string, mime: string, content: Buffer) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Reads a server-sent-events stream until `until` matches the text received, or the timeout. */
export async function readStream(
  url: string,
  cookie: string | null,
  until: (text: string) => boolean,
  timeoutMs = 5000,
  headers: Record<string, string> = {},
) {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), timeoutMs);
  const res = await fetch(url, { headers: { ...(cookie ? { cookie } : {}), ...headers }, signal: ctrl.signal });
  let text = '';
  try {
    if (res.status === 200 && res.body) {
      const reader = res.body.getReader();
      const dec = new TextDecoder();
      while (!until(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += dec.decode(value);
      }
    } else {
      text = await res.text();
    }
  } catch (e) {
    if ((e as Error).name !== 'AbortError') throw e;
  } finally {
    clearTimeout(timer);
    ctrl.abort();
  }
  return { status: res.status, text };
}

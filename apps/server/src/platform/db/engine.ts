import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DatabaseStartError, DatabaseUnavailableError, isConnectionLoss } from './faults.ts';
import { acquireDataDirLock, DataDirLockedError } from './lock.ts';
import { APP_ROLE, PARTNER_ROLE } from './tenant.ts';

// No relational query API (db.query.*): tables are imported where they are used, so the engine knows none of them.
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /**
   * A transaction whose BEGIN travels with its first statement (`opening`): one round trip instead of two for every
   * request. `fn` gets the transaction and the opening statement's rows. On PostgreSQL the opening is a statement
   * prepared once per connection (EXECUTE in the same message as BEGIN).
   */
  transactionOpenedBy<T>(
    opening: Opening,
    fn: (tx: Tx, rows: Record<string, unknown>[]) => Promise<T>,
    opts?: { readOnly?: boolean },
  ): Promise<T>;
  /**
   * Listens on a NOTIFY channel (both engines); resolves to a function that stops listening. After a lost
   * connection it listens again and calls `onReconnect` (notifications sent meanwhile were missed).
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The first statement of a request's transaction: its text with one text parameter ($1), and that parameter. */
export interface Opening {
  text: string;
  arg: string;
}

const MIGRATIONS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../migrations');

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in dataDir, and applies migrations. */
export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string; queryLogger?: QueryLogger }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.queryLogger);
  return openPglite(opts.dataDir);
}

/**
 * Sees every statement the application sends (the benchmark replays the lists' SQL with it), with the name it is
 * prepared under on its connection when it is (a request's opening, executePrepared, queryPrepared).
 */
export type QueryLogger = (query: string, params: unknown[], prepared?: string) => void;

async function openPostgres(url: string, queryLogger?: QueryLogger): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DB_POOL_SIZE ?? 10),
    // While PostgreSQL is unreachable a request waits at most this long for a connection, then answers 503.
    connectionTimeoutMillis: 30_000,
  });
  // A connection dropped by the server (restart, failover, pg_terminate_backend, a pooler) must never crash the
  // process: the pool's listener covers idle connections, this one the connections lent to a request. The request
  // sees its own query fail; the pool discards the broken connection when it is released.
  pool.on('error', (err) => console.error(`Connexion PostgreSQL perdue : ${err.message}`));
  pool.on('connect', (client) => {
    // Nothing to add here: the request's own query fails with the same cause and is logged as its 503.
    client.on('error', () => {});
  });
  const db = drizzlePg({ client: pool, ...(queryLogger ? { logger: { logQuery: queryLogger } } : {}) }) as unknown as Db;
  // Several app instances may start at once: one migrates, the others wait on the advisory lock.
  const client = await pool.connect().catch(async (e: Error) => {
    await pool.end().catch(() => {});
    throw new DatabaseStartError(
      `PostgreSQL est injoignable (${describeUrl(url)}) : ${e.message}. Vérifiez DATABASE_URL et que le serveur est démarré.`,
      e,
    );
  });
  try {
    await ensureAppRole(client);
    await client.query('SELECT pg_advisory_lock(727270001)');
    await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727270001)').catch(() => {});
    client.release();
  }
  const listeners: (() => Promise<void>)[] = [];
  const { dialect } = db as unknown as { dialect: unknown };
  const sessionOptions = queryLogger ? { logger: { logQuery: queryLogger } } : {};
  return {
    db,
    engine: 'postgres',
    transactionOpenedBy: async (opening, fn, opts) => {
      const client = await pool.connect().catch((e: unknown) => {
        throw new DatabaseUnavailableError(e);
      });
      let broken: Error | undefined;
      let released = false;
      try {
        const begin = opts?.readOnly ? 'begin read only' : 'begin';
        // One message: the opening's PREPARE the first time this connection meets it (parsed and planned once per
        // connection, not at every request), BEGIN, and the opening itself.
        const name = openingName(opening.text);
        queryLogger?.(`${begin}; ${opening.text}`, [opening.arg], name);
        const prepared = preparedOpenings(client);
        const first = !prepared.has(name);
        const parts = first ? [`prepare ${name}(text) as ${opening.text}`] : [];
        parts.push(begin, `execute ${name}(${client.escapeLiteral(opening.arg)})`);
        const results = (await client.query(parts.join('; ')).catch((e: Error) => {
          // Whether the PREPARE of a failed message stayed is unknown: this connection is not reused.
          if (first) broken = e;
          throw e;
        })) as unknown as pg.QueryResult[];
        prepared.add(name);
        // The same objects drizzle's own transaction() builds, on this connection.
        const session = new NodePgSession(client, dialect as never, undefined, sessionOptions);
        const tx = new NodePgTransaction(dialect as never, session as never, undefined as never) as unknown as Tx;
        const out = await fn(tx, (results[results.length - 1] as pg.QueryResult).rows);
        if (opts?.readOnly) {
          // Nothing to make durable (PostgreSQL refused any write): the answer leaves while the COMMIT travels, and
          // the connection returns to the pool once it has ended.
          released = true;
          client.query('commit').then(
            () => client.release(),
            (err: Error) => client.release(err),
          );
          return out;
        }
        await client.query('commit');
        return out;
      } catch (e) {
        await client.query('rollback').catch((err: Error) => {
          broken ??= err;
        });
        // The connection died under the request (its transaction is rolled back by the server): a typed 503.
        if (isConnectionLoss(e)) throw new DatabaseUnavailableError(e);
        throw e;
      } finally {
        if (!released) client.release(broken);
      }
    },
    listen: async (channel, onPayload, onReconnect) => {
      const stop = await listenPostgres(url, channel, onPayload, onReconnect);
      listeners.push(stop);
      return stop;
    },
    close: async () => {
      for (const stop of listeners) await stop();
      await pool.end();
    },
  };
}

/**
 * Creates the application roles (securite_app, and securite_partner for the people of external companies) before
 * the migrations name them. The roles belong to the cluster while the migration lock belongs to one database: two
 * databases of one cluster migrating at once (test runs, a staging copy) would both try to create them, and the
 * loser fails with a unique violation the migration's own guard does not catch. Without the right to create roles
 * this does nothing, and the migration reports what is missing.
 */
async function ensureAppRole(client: pg.PoolClient): Promise<void> {
  for (const role of [APP_ROLE, PARTNER_ROLE]) {
    await client
      .query(
        `DO $$ BEGIN
          IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN
            CREATE ROLE ${role} NOLOGIN NOSUPERUSER NOBYPASSRLS;
          END IF;
        EXCEPTION WHEN duplicate_object OR unique_violation OR insufficient_privilege THEN NULL;
        END $$`,
      )
      .catch(() => {});
  }
}

/** The URL without its password, for messages. */
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'DATABASE_URL illisible';
  }
}

/** The name of an opening prepared on a connection (PREPARE), from its text. */
function openingName(text: string): string {
  return `o${statementName(text).slice(1)}`;
}

/** The openings prepared on each connection of the pool (a new connection prepares them again). */
const openingsOf = new WeakMap<pg.PoolClient, Set<string>>();
function preparedOpenings(client: pg.PoolClient): Set<string> {
  let set = openingsOf.get(client);
  if (!set) {
    set = new Set();
    openingsOf.set(client, set);
  }
  return set;
}

/**
 * LISTEN on a dedicated connection (a pooled one would be lent to others). When the connection is lost it tries
 * again (1 s, then up to every 5 s) until it listens again, then calls `onReconnect`: what was notified meanwhile
 * never arrived, and the listener's owner decides how to catch up.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      c.end().catch(() => {});
      schedule();
    };
    c.on('error', onLost);
    c.on('end', onLost);
    c.on('notification', (m) => {
      if (m.channel === channel && m.payload) onPayload(m.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (e) {
      onLost();
      throw e;
    }
    client = c;
  };
  const schedule = () => {
    if (stopped || retry) return;
    const delay = Math.min(1000 * 2 ** failures, 5000);
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => {
          failures = 0;
          onReconnect?.();
        },
        () => {
          failures++;
        },
      );
    }, delay);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
  } catch (e) {
    throw new DatabaseStartError(
      `Impossible de créer le dossier de la base embarquée (${dataDir}) : ${(e as Error).message}. Choisissez un autre DATA_DIR.`,
      e,
    );
  }
  const release = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } }).catch((e: unknown) => {
      throw new DatabaseStartError(
        `La base embarquée (${dataDir}) ne peut pas être ouverte : ${errorText(e)}. Le dossier est peut-être endommagé : ` +
          'restaurez une sauvegarde, ou déplacez ce dossier pour repartir d’une base neuve.',
        e,
      );
    });
    const db = drizzlePglite({ client }) as unknown as Db;
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS }).catch(async (e: unknown) => {
      await client.close().catch(() => {});
      throw new DatabaseStartError(`La mise à jour de la base embarquée (${dataDir}) a échoué : ${errorText(e)}.`, e);
    });
    return {
      db,
      engine: 'pglite',
      transactionOpenedBy: (opening, fn) =>
        db.transaction(async (tx) => {
          // The text's one parameter bound as drizzle binds any value.
          const [before, after = ''] = opening.text.split('$1');
          const res = await tx.execute(sql`${sql.raw(before as string)}${opening.arg}${sql.raw(after)}`);
          return fn(tx, (res as unknown as { rows: Record<string, unknown>[] }).rows);
        }),
      listen: async (channel, onPayload) => {
        const unlisten = await client.listen(channel, onPayload);
        return async () => unlisten();
      },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}

function errorText(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  return m.length > 300 ? `${m.slice(0, 300)}…` : m;
}

/** Start failures that the operator can fix (busy, unreadable or unreachable database), said in French. */
export function isStartError(e: unknown): e is DatabaseStartError | DataDirLockedError {
  return e instanceof DatabaseStartError || e instanceof DataDirLockedError;
}

/** A trivial query, for health checks. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The name of a prepared statement, from its text (kept: hashing the text again at every request costs). */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    // The texts are the application's own (no values in them), a few hundred at most; the bound is a safety net.
    if (statementNames.size >= 2000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/** The session under a drizzle transaction or database: its pg client (or PGlite), its logger and its SQL dialect. */
function sessionOf(tx: Executor) {
  return tx as unknown as {
    session: { client: unknown; logger: { logQuery(q: string, p: unknown[], prepared?: string): void } };
    dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  };
}

/**
 * Runs a statement as a named prepared statement: PostgreSQL parses and plans it once per connection, then reuses
 * the plan (a list statement plans in ~2 ms and runs in less). The name comes from the text, so the text must not
 * embed values (bound parameters only), or every value would leave a statement behind on the connection.
 * Rows come back as arrays of what the server sent, untouched (a list casts its columns to text and writes them
 * into its JSON as they are). The logger sees the statement; PGlite has no named statements and plans each time.
 */
export async function executePrepared(tx: Executor, query: SQL): Promise<(string | null)[][]> {
  const { session, dialect } = sessionOf(tx);
  const q = dialect.sqlToQuery(query);
  const client = session.client;
  if (client instanceof pg.Client || client instanceof pg.Pool) {
    const name = statementName(q.sql);
    session.logger.logQuery(q.sql, q.params, name);
    const res = await client.query({ name, text: q.sql, values: q.params, rowMode: 'array' });
    return res.rows as (string | null)[][];
  }
  session.logger.logQuery(q.sql, q.params);
  const res = await (client as PGlite).query<(string | null)[]>(q.sql, q.params, { rowMode: 'array' });
  return res.rows;
}

/**
 * The values drizzle's `execute` leaves as PostgreSQL wrote them (dates, times, timestamps, intervals and their
 * arrays); every other type as pg reads it (integers, booleans, json, arrays).
 */
const AS_SENT = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const rowTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    AS_SENT.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * `tx.execute` of a statement a route runs at every request, as a named prepared statement (executePrepared): its
 * rows as objects, read as drizzle reads them, but parsed and planned once per connection instead of at every call
 * (the detail of an equipment plans in more time than it runs). Same rule: bound parameters only in the text.
 */
export async function queryPrepared<T>(tx: Executor, query: SQL): Promise<T[]> {
  const { session, dialect } = sessionOf(tx);
  const client = session.client;
  if (!(client instanceof pg.Client || client instanceof pg.Pool)) {
    const res = await tx.execute(query);
    return (res as unknown as { rows: T[] }).rows;
  }
  const q = dialect.sqlToQuery(query);
  const name = statementName(q.sql);
  session.logger.logQuery(q.sql, q.params, name);
  const res = await client.query({ name, text: q.sql, values: q.params, types: rowTypes });
  return res.rows as T[];
}

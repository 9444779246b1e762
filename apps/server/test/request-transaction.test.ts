import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/platform/db/engine.ts';
import { ENGINE, startTestApp, type TestApp } from './harness.ts';

// A request's transaction (engine.ts transactionOpenedBy): its opening is a statement prepared once per connection
// (PREPARE, then EXECUTE with the session's hash in the message that holds BEGIN). On a pool of ONE connection every
// use below takes the connection the previous one left: nothing may run in another request's transaction (its
// company, person or role), and the opening keeps working on a new connection. Waits are bounded polls, never sleeps.

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Polls `fn` until it is true; fails after `ms`. */
async function until(fn: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const start = Date.now();
  while (!(await fn())) {
    if (Date.now() - start > ms) throw new Error(`toujours faux après ${ms} ms : ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const OPENING = "select set_config('app.entreprise_id', $1, true) as e, set_config('app.utilisateur_id', '7', true) as u";

describe.skipIf(ENGINE !== 'postgres')('request transactions on one connection (PostgreSQL)', () => {
  let t: TestApp;
  let database: Database;
  let admin: pg.Client;
  let backend = 0;
  beforeAll(async () => {
    t = await startTestApp();
    const size = process.env.DB_POOL_SIZE;
    process.env.DB_POOL_SIZE = '1';
    try {
      database = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: '' });
    } finally {
      if (size === undefined) delete process.env.DB_POOL_SIZE;
      else process.env.DB_POOL_SIZE = size;
    }
    admin = new pg.Client({ connectionString: t.databaseUrl as string });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await database?.close();
    await t?.close();
  });

  const stateOf = async () =>
    (await admin.query<{ state: string }>('select state from pg_stat_activity where pid = $1', [backend])).rows[0]?.state;

  it('runs the opening with its parameter, read only, and nothing of it is left for the next use of the connection', async () => {
    const seen = await database.transactionOpenedBy(
      { text: OPENING, arg: '4242' },
      async (tx, opened) => {
        const r = await tx.execute(sql`select pg_backend_pid() as pid, current_setting('app.entreprise_id') as e,
          current_setting('transaction_read_only') as ro, txid_current_if_assigned() as x`);
        return { opened, row: rows<{ pid: number; e: string; ro: string }>(r)[0] };
      },
      { readOnly: true },
    );
    expect(seen.opened).toEqual([{ e: '4242', u: '7' }]);
    expect(seen.row).toMatchObject({ e: '4242', ro: 'on' });
    backend = seen.row?.pid as number;
    // Any other use of the pool (here drizzle on the pool) gets the same connection with that transaction ended.
    const after = rows<{ pid: number; e: string | null; u: string | null; ro: string; in_tx: boolean }>(
      await database.db.execute(sql`select pg_backend_pid() as pid, current_setting('app.entreprise_id', true) as e,
        current_setting('app.utilisateur_id', true) as u, current_setting('transaction_read_only') as ro,
        now() = statement_timestamp() as in_tx`),
    )[0];
    expect(after?.pid).toBe(backend);
    expect(after?.e ?? '').toBe('');
    expect(after?.u ?? '').toBe('');
    expect(after?.ro).toBe('off');
    // Its own statement in a transaction of its own (now() is the statement's start, not an older transaction's).
    expect(after?.in_tx).toBe(true);
  });

  it('a request after a read-only one runs in its own transaction, with its own company, and its writes commit', async () => {
    await database.transactionOpenedBy({ text: OPENING, arg: '1111' }, async () => null, { readOnly: true });
    const started = Date.now();
    const seen = await database.transactionOpenedBy({ text: OPENING, arg: '2222' }, async (tx) => {
      await tx.execute(sql`create temporary table if not exists t_written (v text)`);
      await tx.execute(sql`insert into t_written values (current_setting('app.entreprise_id'))`);
      const r = await tx.execute(sql`select pg_backend_pid() as pid, current_setting('app.entreprise_id') as e,
          current_setting('transaction_read_only') as ro, extract(epoch from now()) * 1000 as began`);
      return rows<{ pid: number; e: string; ro: string; began: number }>(r)[0];
    });
    expect(seen?.pid).toBe(backend);
    expect(seen).toMatchObject({ e: '2222', ro: 'off' });
    // The transaction began with this request, not with the read-only one before it (clocks of one machine).
    expect(Number(seen?.began)).toBeGreaterThanOrEqual(started - 1000);
    const written = rows<{ v: string }>(await database.db.execute(sql`select v from t_written`));
    expect(written).toEqual([{ v: '2222' }]);
  });

  it('a failed request after a read-only one leaves nothing open, and the next one works', async () => {
    await database.transactionOpenedBy({ text: OPENING, arg: '3333' }, async () => null, { readOnly: true });
    await expect(
      database.transactionOpenedBy({ text: OPENING, arg: '4444' }, async (tx) => {
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    const r = await database.transactionOpenedBy(
      { text: OPENING, arg: '5555' },
      async (tx) => rows<{ e: string }>(await tx.execute(sql`select current_setting('app.entreprise_id') as e`))[0],
      { readOnly: true },
    );
    expect(r).toEqual({ e: '5555' });
  });

  it('a read-only transaction does not stay open on its connection', async () => {
    await database.transactionOpenedBy({ text: OPENING, arg: '6666' }, async () => null, { readOnly: true });
    await until(async () => (await stateOf()) === 'idle', 5000, 'connexion revenue à « idle »');
  });

  it('a prepared opening survives its connection being replaced', async () => {
    await admin.query('select pg_terminate_backend($1)', [backend]);
    // The pool notices the lost connection (or the request fails as unavailable); the next request opens a new one.
    let ok: { e: string } | undefined;
    await until(
      async () => {
        ok = await database
          .transactionOpenedBy(
            { text: OPENING, arg: '7777' },
            async (tx) => rows<{ e: string }>(await tx.execute(sql`select current_setting('app.entreprise_id') as e`))[0],
            { readOnly: true },
          )
          .catch(() => undefined);
        return ok !== undefined;
      },
      5000,
      'requête après la coupure',
    );
    expect(ok).toEqual({ e: '7777' });
  });
});

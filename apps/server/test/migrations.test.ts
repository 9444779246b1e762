// Migrations are immutable once landed (checksums recorded in migrations/checksums.json), and every database reaches
// the same schema at head whatever commit it was migrated at: migration 0011 was edited twice after it landed, and
// 0012 brings the databases migrated at its earlier versions (or before it) to the state of a new database.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/engine.ts';
import { explainProblems, MIGRATIONS_DIR, migrationProblems, readRecord } from './migration-checksums.ts';

// As in harness.ts (not imported: it starts the whole server, this file needs only the database engine).
const ENGINE = process.env.TEST_ENGINE === 'pglite' ? 'pglite' : 'postgres';
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('landed migrations never change', () => {
  it('every migration file matches its recorded checksum, and every file is recorded', () => {
    const problems = migrationProblems();
    const message = explainProblems(problems);
    if (message) throw new Error(message);
    expect(Object.keys(readRecord()).length).toBeGreaterThan(0);
  });

  it('the check fails on a changed, a removed and an unrecorded migration, saying what to do', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-check-'));
    try {
      fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      expect(explainProblems(migrationProblems(dir))).toBe('');
      fs.appendFileSync(path.join(dir, '0011_process_search_key.sql'), '\n-- edited\n');
      fs.rmSync(path.join(dir, '0001_rls.sql'));
      fs.writeFileSync(path.join(dir, '9999_new.sql'), 'SELECT 1;\n');
      const p = migrationProblems(dir);
      expect(p.changed.join('\n')).toMatch(/0011_process_search_key\.sql has changed/);
      expect(p.changed.join('\n')).toMatch(/0001_rls\.sql is recorded but no longer exists/);
      expect(p.unrecorded).toEqual(['9999_new.sql is not recorded in migrations/checksums.json.']);
      expect(p.journal.join('\n')).toMatch(/9999_new\.sql has no entry/);
      const message = explainProblems(p);
      expect(message).toMatch(/in a NEW migration instead/);
      expect(message).toMatch(/npm run migrations:record/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// --- The repair of 0011: databases migrated at each landed version of 0011 (and before it) end like a new one ---

const SEARCH_KEY = '0011_process_search_key.sql';

/** Why the comparison cannot run here (PGlite, no git history, no matching pg_dump), or null. */
async function whyNotComparable(): Promise<string | null> {
  if (ENGINE === 'pglite') return 'PostgreSQL only (TEST_ENGINE=pglite)';
  if (!ROOT) return 'git or the repository history is unavailable: the old versions of 0011 are read from git';
  if (git('rev-parse', '--is-shallow-repository').trim() === 'true') {
    return 'shallow clone: the old versions of 0011 are read from git history (clone with full history, fetch-depth: 0)';
  }
  let dumpMajor: number;
  try {
    const v = execFileSync('pg_dump', ['--version'], { encoding: 'utf8' }).match(/(\d+)(?:\.\d+)?/);
    dumpMajor = Number(v?.[1]);
  } catch {
    return 'pg_dump not found (install the PostgreSQL client of the server’s version, e.g. postgresql-client-15)';
  }
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  const serverMajor = Math.floor(Number((await c.query('show server_version_num')).rows[0].server_version_num) / 10000);
  await c.end();
  if (dumpMajor < serverMajor) return `pg_dump ${dumpMajor} is older than the server (PostgreSQL ${serverMajor})`;
  return null;
}

/** The repository's root (git paths are relative to it), or null without git or outside a repository. */
const ROOT = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: MIGRATIONS_DIR, encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return null;
  }
})();

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT ?? MIGRATIONS_DIR, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

const skipReason = await whyNotComparable();
if (skipReason && ENGINE !== 'pglite') console.warn(`migrations.test.ts: comparison of migrated schemas skipped: ${skipReason}`);

interface OldState {
  label: string;
  commit: string;
  /** The migrations folder at that commit, written from git (SQL files and meta/_journal.json). */
  folder: string;
  journalLength: number;
  lastHash: string;
}

/** The commits where 0011 landed or changed, newest first, and the one before it landed. */
function oldStates(root: string): OldState[] {
  const rel = path.relative(root, MIGRATIONS_DIR).split(path.sep).join('/');
  const commits = git('log', '--format=%H', '--follow', '--', `${rel}/${SEARCH_KEY}`).split('\n').filter(Boolean);
  const states: { label: string; commit: string }[] = commits.map((commit, i) => ({
    label: `0011 version ${commits.length - i} of ${commits.length} (${commit.slice(0, 7)})`,
    commit,
  }));
  const first = commits[commits.length - 1];
  if (first) states.push({ label: `before 0011 (${first.slice(0, 7)}^)`, commit: git('rev-parse', `${first}^`).trim() });
  return states.reverse().map(({ label, commit }) => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), `migrations-${commit.slice(0, 7)}-`));
    fs.mkdirSync(path.join(folder, 'meta'));
    const files = git('ls-tree', '--name-only', commit, `${rel}/`)
      .split('\n')
      .filter((f) => f.endsWith('.sql'));
    for (const f of [...files, `${rel}/meta/_journal.json`]) {
      const content = execFileSync('git', ['show', `${commit}:${f}`], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
      fs.writeFileSync(path.join(folder, f.slice(rel.length + 1)), content);
    }
    const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries[journal.entries.length - 1].tag;
    const lastHash = createHash('sha256')
      .update(fs.readFileSync(path.join(folder, `${last}.sql`)))
      .digest('hex');
    return { label, commit, folder, journalLength: journal.entries.length, lastHash };
  });
}

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_mig_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Migrates to head with the application's own migrator, as a start of the server does. */
async function migrateToHead(url: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  await database.close();
}

/**
 * The schema as pg_dump writes it, without what differs between two dumps of one schema: comments, blank lines,
 * session settings and the \restrict keys (random per dump). The migrations table's rows are data, not dumped.
 */
function schemaOf(url: string): string {
  const dump = execFileSync('pg_dump', ['--schema-only', '--no-owner', '--dbname', url], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return dump
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('--') && !l.startsWith('SET ') && !l.startsWith('SELECT pg_catalog.set_config('))
    .filter((l) => !l.startsWith('\\restrict') && !l.startsWith('\\unrestrict'))
    .join('\n');
}

describe.skipIf(skipReason !== null)(`0011 repaired by 0012${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  let fresh = '';
  let states: OldState[] = [];

  beforeAll(async () => {
    states = oldStates(ROOT as string);
    for (const s of states) cleanups.push(() => fs.rmSync(s.folder, { recursive: true, force: true }));
    const db = await createDatabase();
    cleanups.push(db.drop);
    await migrateToHead(db.url);
    fresh = schemaOf(db.url);
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('a database migrated at each landed version of 0011 (or before it), then to head, has the schema of a new database', {
    timeout: 180_000,
  }, async () => {
    // Three versions of 0011 landed (45325cc, dd0bb18, c4de95b), and the state before it: at least four.
    expect(states.map((s) => s.label).length).toBeGreaterThanOrEqual(4);
    expect(fresh).toMatch(/CREATE FUNCTION public\.app_search_like/);
    for (const s of states) {
      const db = await createDatabase();
      try {
        const client = new pg.Client({ connectionString: db.url });
        await client.connect();
        try {
          await migrate(drizzle({ client }), { migrationsFolder: s.folder });
          // The database is really at that commit: its last applied migration is that commit's file.
          const rows = (await client.query('select hash from drizzle.__drizzle_migrations order by created_at')).rows;
          expect(rows.length, s.label).toBe(s.journalLength);
          expect(rows[rows.length - 1].hash, s.label).toBe(s.lastHash);
        } finally {
          await client.end();
        }
        await migrateToHead(db.url);
        expect.soft(schemaOf(db.url), `${s.label}, then migrated to head, differs from a new database`).toBe(fresh);
      } finally {
        await db.drop();
      }
    }
  });
});

// A migration that has landed on main never changes: drizzle's migrator records each applied migration (hash and the
// journal's `when`) and never runs it again, so a database that ran the old text would keep the old definitions
// while a new database gets the new ones. migrations/checksums.json records the SHA-256 of every migration file as
// it landed; test/migrations.test.ts fails when a recorded file changes or disappears, or a file is not recorded.
//
// `npm run migrations:record` (this file run by tsx) records the files not recorded yet, and refuses to touch one
// whose recorded checksum differs.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../migrations');
const RECORD_FILE = 'checksums.json';

export interface RecordedMigration {
  /** SHA-256 of the file's bytes (the same hash drizzle's migrator stores in __drizzle_migrations). */
  sha256: string;
  /** The journal's `when` of the migration: the migrator compares it with the last applied one. */
  when: number;
}

interface ChecksumFile {
  about: string;
  migrations: { [file: string]: RecordedMigration };
}

const ABOUT =
  'SHA-256 of every migration as it landed on main, checked by apps/server/test/migrations.test.ts. A landed migration ' +
  'never changes: write a new one. Record a new file with `npm run migrations:record`.';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export function sha256Of(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function sqlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

function readJournal(dir: string): JournalEntry[] {
  return (JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
}

export function readRecord(dir = MIGRATIONS_DIR): ChecksumFile['migrations'] {
  const file = path.join(dir, RECORD_FILE);
  if (!fs.existsSync(file)) return {};
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as ChecksumFile).migrations;
}

/** What is wrong with the migrations folder against its record and its journal, one English sentence per problem. */
export function migrationProblems(dir = MIGRATIONS_DIR): { changed: string[]; unrecorded: string[]; journal: string[] } {
  const recorded = readRecord(dir);
  const files = sqlFiles(dir);
  const journal = readJournal(dir);
  const whenOf = new Map(journal.map((e) => [`${e.tag}.sql`, e.when]));
  const changed: string[] = [];
  const unrecorded: string[] = [];
  const journalProblems: string[] = [];
  for (const [file, rec] of Object.entries(recorded)) {
    if (!files.includes(file)) {
      changed.push(`${file} is recorded but no longer exists: a landed migration is never removed or renamed.`);
      continue;
    }
    const sha = sha256Of(path.join(dir, file));
    if (sha !== rec.sha256) {
      changed.push(`${file} has changed since it was recorded (SHA-256 ${rec.sha256.slice(0, 12)}…, now ${sha.slice(0, 12)}…).`);
    }
    const when = whenOf.get(file);
    if (when !== undefined && when !== rec.when) {
      changed.push(`${file}: its journal entry's "when" has changed (${rec.when}, now ${when}).`);
    }
  }
  for (const file of files) {
    if (!(file in recorded)) unrecorded.push(`${file} is not recorded in migrations/${RECORD_FILE}.`);
  }
  const tags = new Set(journal.map((e) => `${e.tag}.sql`));
  for (const file of files) {
    if (!tags.has(file)) journalProblems.push(`${file} has no entry in migrations/meta/_journal.json: the migrator would never run it.`);
  }
  journal.forEach((e, i) => {
    if (!files.includes(`${e.tag}.sql`)) journalProblems.push(`The journal names ${e.tag}.sql, which does not exist.`);
    if (e.idx !== i) journalProblems.push(`The journal entry ${e.tag} has idx ${e.idx} at position ${i}.`);
    if (i > 0 && e.when <= journal[i - 1].when) {
      journalProblems.push(
        `The journal entry ${e.tag} has "when" ${e.when}, not later than ${journal[i - 1].tag}'s (${journal[i - 1].when}): ` +
          'the migrator skips a migration whose "when" is not later than the last applied one. Give it a later "when".',
      );
    }
  });
  return { changed, unrecorded, journal: journalProblems };
}

/** The failure message: what is wrong, then what to do. Empty when all is well. */
export function explainProblems(p: ReturnType<typeof migrationProblems>): string {
  const parts: string[] = [];
  if (p.changed.length > 0) {
    parts.push(
      [
        'A migration that has landed on main was changed:',
        ...p.changed.map((s) => `  - ${s}`),
        'Databases that already ran it keep the old definitions: drizzle never runs an applied migration again. Restore the',
        'file as recorded (git checkout origin/main -- <file>) and make the change in a NEW migration instead',
        '(drizzle-kit generate, or drizzle-kit generate --custom for hand-written SQL), written so that it brings every',
        'database to the same state (CREATE OR REPLACE, DROP ... IF EXISTS then CREATE, ALTER ... IF EXISTS).',
        `If the file never landed on main (only your branch has it), delete its line from migrations/${RECORD_FILE} and`,
        'run `npm run migrations:record` again.',
      ].join('\n'),
    );
  }
  if (p.unrecorded.length > 0) {
    parts.push(
      [
        'New migration files without a recorded checksum:',
        ...p.unrecorded.map((s) => `  - ${s}`),
        `Record them with \`npm run migrations:record\` and commit migrations/${RECORD_FILE} with the migration.`,
      ].join('\n'),
    );
  }
  if (p.journal.length > 0) parts.push(['The journal does not match the migration files:', ...p.journal.map((s) => `  - ${s}`)].join('\n'));
  return parts.join('\n\n');
}

/** Records the files not recorded yet; refuses (and writes nothing) when a recorded file changed. */
export function recordNewMigrations(dir = MIGRATIONS_DIR): { added: string[]; refused: string } {
  const problems = migrationProblems(dir);
  if (problems.changed.length > 0 || problems.journal.length > 0) {
    return { added: [], refused: explainProblems({ ...problems, unrecorded: [] }) };
  }
  const recorded = readRecord(dir);
  const whenOf = new Map(readJournal(dir).map((e) => [`${e.tag}.sql`, e.when]));
  const added = sqlFiles(dir).filter((f) => !(f in recorded));
  const migrations: ChecksumFile['migrations'] = {};
  for (const file of [...Object.keys(recorded), ...added].sort()) {
    migrations[file] = recorded[file] ?? { sha256: sha256Of(path.join(dir, file)), when: whenOf.get(file) as number };
  }
  if (added.length > 0) {
    const record: ChecksumFile = { about: ABOUT, migrations };
    fs.writeFileSync(path.join(dir, RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`);
  }
  return { added, refused: '' };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { added, refused } = recordNewMigrations();
  if (refused) {
    console.error(refused);
    process.exit(1);
  }
  console.log(added.length > 0 ? `Recorded: ${added.join(', ')}` : 'Every migration is already recorded.');
}

// `npm test`: type check, lint, unit and integration tests on PostgreSQL, the smoke subset on PGlite, then
// the browser tests in Chromium. Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  ['Verrou npm (npm ci possible)', 'node', ['scripts/fix-lock.mjs', '--check']],
  ['Vérification des types', 'npm', ['run', 'typecheck']],
  ['Format et lint (Biome)', 'npm', ['run', 'lint']],
  ['Tests unitaires et d’intégration (PostgreSQL)', 'npm', ['exec', '--', 'vitest', 'run']],
  ['Tests de fumée (PGlite)', 'npm', ['run', 'test:pglite']],
  ['Tests navigateur (Playwright, Chromium)', 'npm', ['run', 'test:e2e']],
];
for (const [label, cmd, args] of steps) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error(`\nÉchec : ${label}`);
    process.exit(r.status ?? 1);
  }
}
console.log('\nTous les tests sont passés.');

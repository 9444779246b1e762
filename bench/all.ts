// `npm run bench [-- options]`: the bench scripts one after the other, each receiving every option of the
// command line (each reads its own: --rows for the lists, --nodes for the registry, --points for the readings,
// --seconds for all; --only filters the queries of whichever script knows them). Stops at the first that fails.
import { spawnSync } from 'node:child_process';

const options = process.argv.slice(2);
for (const script of ['lists.bench.ts', 'equipement.bench.ts', 'releves.bench.ts', 'documents.bench.ts']) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', new URL(script, import.meta.url).pathname, ...options], {
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

// The registry these machines reach lacks some platform packages (Biome's, swc's: native binaries for other
// systems), so `npm install` writes a lock whose entry names optional packages it could not record, and `npm ci`
// then refuses the lock.
// `npm run fix-lock` drops those names; `--check` (run by `npm test`) fails while any is left.
import fs from 'node:fs';
import path from 'node:path';

const file = path.resolve(import.meta.dirname, '../package-lock.json');
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const dangling = [];
for (const [key, pkg] of Object.entries(lock.packages)) {
  if (!pkg.optionalDependencies || !/^node_modules\/@(biomejs|swc)\//.test(key)) continue;
  for (const dep of Object.keys(pkg.optionalDependencies)) {
    if (!lock.packages[`node_modules/${dep}`]) {
      dangling.push(dep);
      delete pkg.optionalDependencies[dep];
    }
  }
}
if (process.argv.includes('--check')) {
  if (dangling.length) {
    console.error(`package-lock.json cite des paquets optionnels absents (${dangling.join(', ')}) : lancez \`npm run fix-lock\`.`);
    process.exit(1);
  }
} else if (dangling.length) {
  fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`Retiré du verrou : ${dangling.join(', ')}`);
}

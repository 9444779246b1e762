// Budget of the sign-in page (issue 16): the JavaScript it loads, gzip, must stay ≤ 100 KiB. Reads the Vite build
// manifests (apps/web/dist/.vite/login-manifest.json for the sign-in page, manifest.json for the app; `npm run build`
// first), follows each page's static imports, prints the figures and fails above the budget. The app's own first load
// (index.html) is printed beside it, for reference.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_KIB = 100;

/**
 * The files a page loads before it runs: its entry's JS, every chunk it imports statically (recursively; dynamic
 * imports are loaded later, on demand) and the CSS of all of them. `manifest` is Vite's build manifest.
 */
export function filesOfPage(manifest, entryKey) {
  const entry = manifest[entryKey];
  if (!entry?.isEntry) throw new Error(`Entrée absente du manifeste Vite : ${entryKey}`);
  const js = [];
  const css = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Morceau absent du manifeste Vite : ${key}`);
    js.push(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(entryKey);
  return { js, css: [...css] };
}

/** gzip size in bytes of a file of the build (zlib's default level, as a server compresses). */
function gzipSize(dist, file) {
  return gzipSync(readFileSync(path.join(dist, file))).length;
}

const kib = (bytes) => (bytes / 1024).toFixed(1).replace('.', ',');

/** The figures of one page: JS and CSS, raw and gzip, in bytes. */
export function measurePage(dist, manifest, entryKey) {
  const { js, css } = filesOfPage(manifest, entryKey);
  const sum = (files) => files.reduce((n, f) => n + gzipSize(dist, f), 0);
  const raw = (files) => files.reduce((n, f) => n + readFileSync(path.join(dist, f)).length, 0);
  return { js, css, jsGzip: sum(js), cssGzip: sum(css), jsRaw: raw(js), cssRaw: raw(css) };
}

function main() {
  const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
  const manifest = (name) => {
    try {
      return JSON.parse(readFileSync(path.join(dist, '.vite', name), 'utf8'));
    } catch {
      console.error(`Manifeste Vite introuvable (apps/web/dist/.vite/${name}) : lancez « npm run build » d’abord.`);
      process.exit(1);
    }
  };
  const print = (label, m) => {
    console.log(
      `${label} : JS ${kib(m.jsGzip)} Kio gzip (${kib(m.jsRaw)} Kio brut, ${m.js.length} fichiers), ` +
        `CSS ${kib(m.cssGzip)} Kio gzip (${kib(m.cssRaw)} Kio brut)`,
    );
  };
  const login = measurePage(dist, manifest('login-manifest.json'), 'login.html');
  print('Page de connexion (/login)', login);
  for (const f of login.js) console.log(`  ${f} ${kib(gzipSize(dist, f))} Kio gzip`);
  print('Application, premier chargement (/app)', measurePage(dist, manifest('manifest.json'), 'index.html'));
  if (login.jsGzip > BUDGET_KIB * 1024) {
    console.error(
      `Budget dépassé : la page de connexion charge ${kib(login.jsGzip)} Kio de JavaScript gzip, au-delà de ${BUDGET_KIB} Kio. ` +
        'Voyez ce qu’elle importe (apps/web/src/login-main.tsx) : un module de l’application y est peut-être entré.',
    );
    process.exit(1);
  }
  console.log(`Budget respecté : ${kib(login.jsGzip)} Kio ≤ ${BUDGET_KIB} Kio de JavaScript gzip pour la page de connexion.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();

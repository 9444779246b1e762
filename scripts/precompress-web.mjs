// Run by `npm run build -w @app/web` after `vite build`: writes a brotli (.br, quality 11) and a gzip (.gz, level 9)
// copy beside each compressible file of the built web app, once, so the server sends them as they are
// (@fastify/static `preCompressed`) instead of compressing hundreds of KiB per request. A copy that would not be
// smaller is not written; source maps are left alone (only developer tools fetch them).
// Usage: node scripts/precompress-web.mjs [dist folder, default apps/web/dist]
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|ico|wasm)$/;
/** Below this size the headers outweigh the saving. */
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* files(dir) {
  for (const e of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (COMPRESSIBLE.test(e.name)) yield p;
  }
}

async function precompress(file) {
  const raw = await fs.readFile(file);
  if (raw.length < MIN_BYTES) return { raw: raw.length, br: raw.length, gz: raw.length };
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A stale copy of an earlier build must not outlive a file that no longer gains from compression.
  for (const [ext, data] of [
    ['.br', br],
    ['.gz', gz],
  ]) {
    if (data.length < raw.length) await fs.writeFile(file + ext, data);
    else await fs.rm(file + ext, { force: true });
  }
  return { raw: raw.length, br: Math.min(br.length, raw.length), gz: Math.min(gz.length, raw.length) };
}

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/web/dist'));
const list = [];
for await (const file of files(dist)) list.push(file);
// All at once: node:zlib runs them on libuv's thread pool (4 threads), a few MiB in all.
const sizes = await Promise.all(list.map(precompress));
const total = { files: list.length, raw: 0, br: 0, gz: 0 };
for (const r of sizes) {
  total.raw += r.raw;
  total.br += r.br;
  total.gz += r.gz;
}
const kib = (n) => `${Math.round(n / 1024)} KiB`;
console.log(`precompress-web : ${total.files} fichiers, ${kib(total.raw)} → brotli ${kib(total.br)}, gzip ${kib(total.gz)}`);

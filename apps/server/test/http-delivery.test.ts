import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

// A small built web app, precompressed by the build's own script: an index, a hashed chunk, a root file.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
const ASSET = '/assets/app-Ab12Cd34.js';
const assetText = Array.from({ length: 400 }, (_, i) => `export const f${i} = (x) => x * ${i} + ${i % 7};`).join('\n');
const loginText = `<!doctype html><html lang="fr"><head><meta charset="UTF-8" /><title>Connexion · Sécurité des sites</title>${'<link rel="modulepreload" href="/assets/login.js">'.repeat(30)}</head><body><div id="root"></div></body></html>`;
const indexText = `<!doctype html><html lang="fr"><head><meta charset="UTF-8" /><title>Sécurité des sites</title>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(30)}<script type="module" src="${ASSET}"></script></head><body><div id="root"></div></body></html>`;

// The build's manifest and each screen's chunks by route (apps/web/build/screen-routes.ts): the list's screen and its
// prefetch share a chunk with CSS; React is the entry's, already in the page.
const MANIFEST = {
  'index.html': { file: ASSET.slice(1), isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-R1.js' },
  '_common.js': { file: 'assets/common-C1.js', imports: ['_react.js'], css: ['assets/common-C1.css'] },
  'src/modules/liste/pages/liste-page.tsx': {
    file: 'assets/liste-page-L1.js',
    imports: ['_common.js', '_react.js'],
    css: ['assets/liste-page-L1.css'],
  },
  '_liste.prefetch-P1.js': { file: 'assets/liste.prefetch-P1.js', imports: ['_common.js'] },
};
const SCREENS = { '/app/listes/:variant': ['assets/liste-page-L1.js', 'assets/liste.prefetch-P1.js'] };

let t: TestApp;
let wfId: number;
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, ASSET), assetText);
  fs.writeFileSync(path.join(dist, 'index.html'), indexText);
  fs.writeFileSync(path.join(dist, 'login.html'), loginText);
  fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  fs.writeFileSync(path.join(dist, '.vite/screens.json'), JSON.stringify(SCREENS));
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../../scripts/precompress-web.mjs'), dist]);
  t = await startTestApp({ webDist: dist });
  wfId = (await t.req('acmeAdmin', 'POST', '/api/v2/workflow/create', { libelle: 'Livraison' })).json().id;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.server.app.inject({ method: 'GET', url, headers });
const decode = (body: Buffer, encoding: string | undefined) =>
  (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8');

describe('the build', () => {
  it('writes a brotli and a gzip copy beside each compressible file, not beside one too small to gain', () => {
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, `${ASSET}.br`))).toString()).toBe(assetText);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dist, 'index.html.gz'))).toString()).toBe(indexText);
    expect(fs.existsSync(path.join(dist, 'robots.txt.br'))).toBe(false);
  });
});

describe('compression', () => {
  it.each(['br', 'gzip'])('sends a hashed file as its %s copy when the client accepts it', async (encoding) => {
    const res = await get(ASSET, { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip, deflate' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(assetText.length / 3);
    expect(decode(res.rawPayload, encoding)).toBe(assetText);
  });

  it('sends a file as it is to a client that accepts no encoding', async () => {
    const res = await get(ASSET);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(assetText);
  });

  it.each(['br', 'gzip'])('compresses an API response with %s', async (encoding) => {
    const cookie = await t.cookieOf('acmeAdmin');
    const plain = await get('/api/getConnectedUser', { cookie });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const res = await get('/api/getConnectedUser', { cookie, 'accept-encoding': encoding });
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.rawPayload.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(decode(res.rawPayload, encoding))).toEqual(plain.json());
  });

  it('streams live updates uncompressed to a client that accepts brotli, each event as it happens', async () => {
    const ctrl = new AbortController();
    const res = await fetch(`${await t.baseUrl()}/api/v2/process/events`, {
      headers: { cookie: await t.cookieOf('acmeAdmin'), 'accept-encoding': 'br, gzip' },
      signal: ctrl.signal,
    });
    try {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('content-encoding')).toBeNull();
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const dec = new TextDecoder();
      let text = '';
      const readUntil = async (re: RegExp) => {
        while (!re.test(text)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`stream ended before ${re}: ${text}`);
          text += dec.decode(value);
        }
      };
      // Once « ready » is read the subscription exists: the event of a process created now must follow at once.
      await readUntil(/event: ready/);
      const p = (await t.req('acmeAdmin', 'POST', '/api/v3/process/create', { processModeleId: wfId })).json();
      await readUntil(new RegExp(`event: created\\ndata: .*"processIds":\\[${p.id}\\]`));
    } finally {
      ctrl.abort();
    }
  });
});

describe('cache policy', () => {
  it('keeps a hashed file a year, unchanged', async () => {
    const res = await get(ASSET, { 'accept-encoding': 'br' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['/', indexText],
    ['/index.html', indexText],
    ['/login', loginText],
    ['/app/processus/12', indexText],
  ])('has %s revalidated at each use, and answered 304 when unchanged', async (url, page) => {
    const res = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(decode(res.rawPayload, 'br')).toBe(page);
    expect(res.headers['cache-control']).toBe('no-cache');
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get(url, { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const since = await get(url, { 'if-modified-since': String(res.headers['last-modified']) });
    expect(since.statusCode).toBe(304);
  });

  it('keeps another file at the root an hour', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers 404 for a hashed file that no longer exists, and for a compressed copy asked by name', async () => {
    for (const url of ['/assets/app-Old00000.js', `${ASSET}.br`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
    }
  });

  it('lets no cache keep an API response', async () => {
    const res = await get('/api/getConnectedUser', { cookie: await t.cookieOf('acmeAdmin') });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await get('/api/getConnectedUser')).headers['cache-control']).toBe('no-store');
  });
});

describe('content security policy', () => {
  it.each(['/app', '/api/getConnectedUser', '/api/docs/static/index.html'])('is strict on %s', async (url) => {
    const res = await get(url);
    const directives = Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    expect(directives).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'script-src-attr': "'none'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob:",
      'font-src': "'self' data:",
      'connect-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'none'",
      'frame-ancestors': "'none'",
      'form-action': "'self'",
    });
  });
});

describe("a screen's code listed in the page (modulepreload)", () => {
  const links = [
    '<link rel="modulepreload" crossorigin href="/assets/liste-page-L1.js">',
    '<link rel="modulepreload" crossorigin href="/assets/common-C1.js">',
    '<link rel="modulepreload" crossorigin href="/assets/liste.prefetch-P1.js">',
    '<link rel="preload" as="style" crossorigin href="/assets/liste-page-L1.css">',
    '<link rel="preload" as="style" crossorigin href="/assets/common-C1.css">',
  ].join('');
  const listPage = indexText.replace('</head>', `${links}</head>`);

  it.each([
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip, deflate'],
    [undefined, ''],
  ])("lists a screen's chunks and CSS, not the entry's, in index.html (%s)", async (encoding, accept) => {
    const res = await get('/app/listes/MES_CONSIGNATIONS?page=2', accept ? { 'accept-encoding': accept } : {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(decode(res.rawPayload, encoding)).toBe(listPage);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self';/);
  });

  it('keeps the page revalidated at each use, and answers 304 when unchanged', async () => {
    const res = await get('/app/listes/MES_CONSIGNATIONS', { 'accept-encoding': 'br' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(etag).not.toBe((await get('/app', { 'accept-encoding': 'br' })).headers.etag);
    const again = await get('/app/listes/PERMIS', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const since = await get('/app/listes/PERMIS', { 'if-modified-since': String(res.headers['last-modified']) });
    expect(since.statusCode).toBe(304);
    const old = await get('/app/listes/PERMIS', { 'if-none-match': '"autre"' });
    expect(old.statusCode).toBe(200);
  });

  it('sends index.html as it is for an address of no listed screen, and the sign-in page as it is', async () => {
    for (const url of ['/app/listes', '/app/listes/A/B', '/app/processus/12']) expect((await get(url)).body).toBe(indexText);
    expect((await get('/login')).body).toBe(loginText);
  });
});

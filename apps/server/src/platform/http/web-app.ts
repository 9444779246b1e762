import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Hashed build output (Vite names each file by its content): a new build never reuses a name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the SPA routes: kept, but asked again (ETag / Last-Modified, so mostly a 304) at every use. */
export const REVALIDATE = 'no-cache';
/** Other files at the root (icons, manifest): their names do not change with their content. */
export const SHORT = 'public, max-age=3600';

/** The cache policy of a file of the built web app, by its path relative to the build folder. */
export function cacheControlFor(relative: string): string {
  const file = relative
    .replace(/\.(?:br|gz)$/, '')
    .split(path.sep)
    .join('/');
  if (file.startsWith('assets/')) return IMMUTABLE;
  if (file.endsWith('.html')) return REVALIDATE;
  return SHORT;
}

/** One chunk of Vite's build manifest (`.vite/manifest.json`), as far as it is read here. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** A route pattern of the app (`/app/processus/:id`) as a test of an address's path. */
function routeMatcher(pattern: string): (pathname: string) => boolean {
  const parts = pattern.split('/').filter(Boolean);
  return (pathname) => {
    const segments = pathname.split('/').filter(Boolean);
    if (segments.length !== parts.length) return false;
    return parts.every((p, i) => (p.startsWith(':') ? segments[i] !== '' : p === segments[i]));
  };
}

/**
 * The `<link>`s that fetch a screen's code with the page (issue 16, phone LCP), by route pattern: without them the
 * screen's chunks are asked for only once the app's code has run and its router has matched the address, one round
 * trip after the other. From the build: `.vite/screens.json` (route → the chunks of the screen's modules, written by
 * apps/web/build/screen-routes.ts) and Vite's manifest (a chunk → the chunks it imports, its CSS); what the
 * page already loads (the entry and its imports) is left out. Empty without those files (an older build).
 */
export function screenPreloads(dist: string): { pattern: string; matches: (pathname: string) => boolean; links: string }[] {
  const read = (file: string): unknown => {
    const full = path.join(dist, '.vite', file);
    return fs.existsSync(full) ? JSON.parse(fs.readFileSync(full, 'utf8')) : null;
  };
  const manifest = read('manifest.json') as Record<string, ManifestChunk> | null;
  const screens = read('screens.json') as Record<string, string[]> | null;
  if (!manifest || !screens) return [];
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  /** Every chunk `keys` need, themselves included (imports followed), in order. */
  const closure = (keys: (string | undefined)[], seen = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (key === undefined || seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const loaded = closure(['index.html']);
  const attr = (href: string) => href.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return Object.entries(screens).map(([pattern, files]) => {
    const chunks = [...closure(files.map((f) => keyOf.get(f)))].filter((k) => !loaded.has(k));
    const scripts = chunks.map((k) => `<link rel="modulepreload" crossorigin href="/${attr(manifest[k].file)}">`);
    // The screen's CSS too: Vite's loader waits for it before the screen's module runs.
    const styles = [...new Set(chunks.flatMap((k) => manifest[k].css ?? []))].map(
      (css) => `<link rel="preload" as="style" crossorigin href="/${attr(css)}">`,
    );
    return { pattern, matches: routeMatcher(pattern), links: [...scripts, ...styles].join('') };
  });
}

/** index.html with a screen's links, ready to send: its compressed copies and its validators. */
interface PageVariant {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  lastModified: string;
  modified: number;
}

function pageVariant(html: string, links: string, modified: Date): PageVariant {
  const body = Buffer.from(html.replace('</head>', `${links}</head>`), 'utf8');
  const seconds = Math.floor(modified.getTime() / 1000) * 1000;
  return {
    body,
    br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(body, { level: 9 }),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    lastModified: new Date(seconds).toUTCString(),
    modified: seconds,
  };
}

/** Sends a page variant as @fastify/static sends a file: compressed copy, validators, 304 when unchanged. */
function sendVariant(req: FastifyRequest, reply: FastifyReply, page: PageVariant): FastifyReply {
  reply
    .header('cache-control', REVALIDATE)
    .header('etag', page.etag)
    .header('last-modified', page.lastModified)
    .header('vary', 'accept-encoding');
  reply.type('text/html; charset=utf-8');
  const match = req.headers['if-none-match'];
  const since = req.headers['if-modified-since'];
  const unchanged =
    match !== undefined
      ? match.split(',').some((t) => t.trim().replace(/^W\//, '') === page.etag)
      : since !== undefined && Date.parse(since) >= page.modified;
  if (unchanged) return reply.code(304).send();
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body);
}

/**
 * Serves the built web app from `dist`: its files with their .br/.gz copies written at build time
 * (scripts/precompress-web.mjs) when the client accepts them, each with its cache policy. Returns the not-found
 * fallback: a GET of a path outside the API answered with its file or, for an app route, index.html; null when
 * there is no build (the API alone).
 */
export async function registerWebApp(
  app: FastifyInstance,
  dist: string,
): Promise<((req: FastifyRequest, reply: FastifyReply) => FastifyReply | null) | null> {
  if (!fs.existsSync(path.join(dist, 'index.html'))) return null;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed copies are chosen by the plugin, never asked for by name.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', cacheControlFor(path.relative(dist, file)));
    },
  });
  // index.html with each screen's code listed (screenPreloads), made once per screen at its first request.
  const index = path.join(dist, 'index.html');
  const preloads = screenPreloads(dist);
  const variants = new Map<string, PageVariant>();
  const variantFor = (pathname: string): PageVariant | null => {
    const screen = preloads.find((p) => p.matches(pathname));
    if (!screen?.links) return null;
    let page = variants.get(screen.pattern);
    if (!page) {
      page = pageVariant(fs.readFileSync(index, 'utf8'), screen.links, fs.statSync(index).mtime);
      variants.set(screen.pattern, page);
    }
    return page;
  };
  return (req, reply) => {
    const url = req.url.split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    const file = path.join(dist, url);
    const compressedCopy = /\.(?:br|gz)$/.test(url);
    if (url !== '/' && !compressedCopy && file.startsWith(dist) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(url.slice(1));
    }
    // A missing hashed file (a page built before the last deployment asks for its old chunk) is a 404, not the app:
    // the failed import reaches the router's error page, where HTML in its place would be a puzzling MIME error.
    if (url.startsWith('/assets/') || compressedCopy) return null;
    // The sign-in page is a page of its own, apart from the app's bundle (issue 16); every other address is the app's,
    // with its screen's code listed when the address names one.
    const page = url === '/login' ? null : variantFor(url);
    if (page) return sendVariant(req, reply, page);
    return reply.type('text/html').sendFile(url === '/login' ? 'login.html' : 'index.html');
  };
}

import fs from 'node:fs';
import path from 'node:path';
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
    // The sign-in page is a page of its own, apart from the app's bundle (issue 16); every other address is the app's.
    return reply.type('text/html').sendFile(url === '/login' ? 'login.html' : 'index.html');
  };
}

import fs from 'node:fs';
import zlib from 'node:zlib';
import { ERRORS } from '@app/contracts';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ConfigError } from '../config.ts';
import { bindRoute } from './bind.ts';
import { csrfGuard } from './csrf.ts';
import { AppError, fromDatabaseError } from './errors.ts';
import type { Deps, RouteDef } from './route.ts';
import { registerWebApp } from './web-app.ts';

z.config(z.locales.fr());

/**
 * The content security policy, satisfied by the web app: its own scripts only (no inline script, no eval: zod runs
 * with its JIT off), inline styles (Mantine sets style attributes), images also from data: and blob: (signatures,
 * previews of uploads), requests to this origin only, no plugin, no <base>, never framed, forms posted here only.
 * Swagger UI at /api/docs satisfies it too.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

/** The server's certificate and key, read from TLS_CERT and TLS_KEY (readTls). */
export interface TlsFiles {
  cert: Buffer;
  key: Buffer;
}

/**
 * The certificate and key the operator gave (TLS_CERT, TLS_KEY), read before anything else starts: a file that cannot
 * be read stops the start with a French sentence naming it (ConfigError). Null without them (plain HTTP).
 */
export function readTls(tls: Deps['config']['tls']): TlsFiles | null {
  if (!tls) return null;
  const read = (file: string, what: string) => {
    try {
      return fs.readFileSync(file);
    } catch (e) {
      throw new ConfigError(`Le fichier ${what} ${file} est illisible : ${(e as Error).message}.`);
    }
  };
  return { cert: read(tls.certFile, 'du certificat (TLS_CERT)'), key: read(tls.keyFile, 'de la clé (TLS_KEY)') };
}

/**
 * HTTPS with HTTP/2 when the operator gives a certificate (docs/DECISIONS.md « Ticket 16 — HTTPS et HTTP/2 servis par
 * le serveur lui-même »): a phone then fetches the app's files over one connection, all at once, instead of six at a
 * time, each one waiting its turn a round trip. HTTP/1.1 clients are still answered on the same port (ALPN).
 */
function secureTransport(tls: TlsFiles | null): object {
  return tls ? { http2: true, https: { allowHTTP1: true, cert: tls.cert, key: tls.key } } : {};
}

/** Largest accepted upload. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/**
 * Builds the HTTP server: the API routes given, OpenAPI at /api/docs, the built web app with SPA fallback; HTTPS with
 * HTTP/2 given a certificate (readTls).
 */
export async function buildHttp(deps: Deps, routes: RouteDef[], tls: TlsFiles | null = null): Promise<FastifyInstance> {
  const app = Fastify({
    ...secureTransport(tls),
    logger: { level: deps.config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Errors Node's HTTP parser meets before Fastify sees a request (headers or URL too long, a malformed
    // request line) answer the product's French JSON too.
    clientErrorHandler: answerClientError,
    // With TLS the server is HTTP/2 (Node's compatibility API: the same request and response methods as HTTP/1.1,
    // which the routes use), typed here as the default server.
  } as FastifyServerOptions) as unknown as FastifyInstance;
  // Every route registered, for the test that refuses a route without an authorization rule.
  const registered: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (r) => {
    for (const m of [r.method].flat()) registered.push({ method: String(m), url: r.url });
  });
  // An empty body with a JSON content type (a DELETE from some clients) is no body, not an error. A body that
  // cannot be read is kept as the request's bodyError: a secured route says so only after checking the session
  // (bind.ts), a public one before validating (preValidation below).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      req.bodyError = new AppError('VALIDATION', 'Corps JSON invalide.', 'FST_ERR_CTP_INVALID_JSON_BODY');
      done(null, undefined);
    }
  });
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (req, _body, done) => {
    req.bodyError = new AppError('UNSUPPORTED_MEDIA_TYPE', undefined, req.headers['content-type'] ?? null);
    done(null, undefined);
  });
  app.addHook('preValidation', async (req) => {
    if (req.bodyError && req.routeOptions.config.public) throw req.bodyError;
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Helmet's security headers on every response. They never change, so they are computed once here and set as they
  // are: @fastify/helmet builds helmet's middleware again at every request (parsing the policy each time).
  // Set on the raw response, as helmet does: a response written to the socket directly (the live-update stream) has
  // them too.
  const security = Object.entries(await securityHeaders());
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of security) reply.raw.setHeader(name, value);
    done();
  });
  // API responses compressed as they are sent, at brotli quality 4 (11 costs about a second of CPU per 500 KiB);
  // the web app's files are compressed once at build time (web-app.ts). The live-update stream writes to the
  // socket itself (reply.hijack) and its type is never compressed: its events are not held back.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // What the API answers is the caller's own (a session cookie decides it): no cache, shared or not, keeps it.
  // The web app's files set their own policy.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
  await app.register(cookie);
  // One file per request; the limit is checked again by the upload route.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
  app.addHook('onRequest', csrfGuard);

  await app.register(swagger, {
    openapi: {
      info: { title: 'API Sécurité des sites', version: '1.0.0', description: 'API du logiciel (chemins et champs de la spécification).' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const { status, body } = toErrorResponse(err);
    if (status === 503)
      req.log.warn(
        { code: body.code, cause: (err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : undefined },
        'database unavailable',
      );
    else if (status >= 500) req.log.error({ err }, 'request failed');
    reply.code(status).type('application/json').send(body);
  });

  for (const def of routes) bindRoute(app, deps, def);

  const webApp = await registerWebApp(app, deps.config.webDist);
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    // GET /login is the sign-in page; only POST /login is the API.
    const isApi = url.startsWith('/api') || url.startsWith('/auth/');
    if (!isApi && webApp) {
      const sent = webApp(req, reply);
      if (sent) return sent;
    }
    reply.code(404).send({ message: ERRORS.ROUTE_NOT_FOUND.message, code: 'ROUTE_NOT_FOUND', detail: `${req.method} ${url}` });
  });
  return app;
}

/** Headers of any response that are not helmet's (the probe's own). */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The headers @fastify/helmet sets with the product's policy, read once from a response of a probe server. */
async function securityHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, { contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY } });
  probe.get('/', async () => '');
  const res = await probe.inject('/');
  await probe.close();
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) if (!NOT_HELMET.has(name) && value !== undefined) out[name] = String(value);
  return out;
}

interface ErrorResponse {
  status: number;
  body: { message: string; detail?: unknown; code: string };
}

/** Maps any error to the JSON error body; never a stack trace. */
function toErrorResponse(err: unknown): ErrorResponse {
  if (err instanceof AppError) return { status: err.status, body: { message: err.message, detail: err.detail, code: err.code } };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.map((v) => {
      const where = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const scope = (err as { validationContext?: string }).validationContext;
      return { champ: where || scope || '', message: v.message ?? 'invalide' };
    });
    const scopes = new Set(['body', 'querystring', 'params', 'headers', '']);
    const fields = [...new Set(issues.map((i) => i.champ).filter((c) => !scopes.has(c)))];
    // A rule on the whole input (« Aucune modification demandée. ») names no field: its own message says it.
    const whole = issues.find((i) => scopes.has(i.champ))?.message;
    return {
      status: 400,
      body: {
        message: fields.length ? `Données invalides : ${fields.join(', ')}.` : (whole ?? ERRORS.VALIDATION.message),
        detail: issues,
        code: 'VALIDATION',
      },
    };
  }
  if (isResponseSerializationError(err)) return { status: 500, body: { message: ERRORS.INTERNAL.message, code: 'INTERNAL' } };
  const db = fromDatabaseError(err);
  if (db) return { status: db.status, body: { message: db.message, detail: db.detail, code: db.code } };
  const fe = err as FastifyError;
  const sc = fe.statusCode ?? 500;
  if (sc === 429) return { status: 429, body: { message: ERRORS.TOO_MANY_REQUESTS.message, code: 'TOO_MANY_REQUESTS' } };
  if (sc === 413) return { status: 413, body: { message: ERRORS.PAYLOAD_TOO_LARGE.message, code: 'PAYLOAD_TOO_LARGE' } };
  if (sc === 415) return { status: 415, body: { message: ERRORS.UNSUPPORTED_MEDIA_TYPE.message, code: 'UNSUPPORTED_MEDIA_TYPE' } };
  if (sc === 431) return { status: 431, body: { message: ERRORS.HEADERS_TOO_LARGE.message, code: 'HEADERS_TOO_LARGE' } };
  if (sc >= 400 && sc < 500) {
    const message =
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'Corps JSON invalide.'
        : ERRORS.VALIDATION.message;
    return { status: sc, body: { message, detail: fe.code, code: 'VALIDATION' } };
  }
  return { status: 500, body: { message: ERRORS.INTERNAL.message, code: 'INTERNAL' } };
}

/**
 * Answers a request Node's HTTP parser refused before Fastify saw it: 431 for headers or a URL beyond the
 * parser's limit (16 KiB in all), 400 for anything malformed, in the product's JSON. A socket that can no longer
 * be written to (the client left, a reset) is only closed.
 */
function answerClientError(err: Error & { code?: string }, socket: import('node:net').Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW' || err.code === 'HPE_URI_TOO_LONG';
  const code = tooLarge ? 'HEADERS_TOO_LARGE' : 'VALIDATION';
  const status = tooLarge ? 431 : 400;
  const reason = tooLarge ? 'Request Header Fields Too Large' : 'Bad Request';
  const body = JSON.stringify({ message: tooLarge ? ERRORS.HEADERS_TOO_LARGE.message : 'Requête HTTP mal formée.', code });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: { method: string; url: string }[];
  }
}

import fs from 'node:fs';
import path from 'node:path';
import { ERRORS } from '@app/contracts';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bindRoute } from './bind.ts';
import { csrfGuard } from './csrf.ts';
import { AppError, fromDatabaseError } from './errors.ts';
import type { Deps, RouteDef } from './route.ts';

z.config(z.locales.fr());

/** Largest accepted upload. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** Builds the HTTP server: the API routes given, OpenAPI at /api/docs, the built web app with SPA fallback. */
export async function buildHttp(deps: Deps, routes: RouteDef[]): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
  });
  // Every route registered, for the test that refuses a route without an authorization rule.
  const registered: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (r) => {
    for (const m of [r.method].flat()) registered.push({ method: String(m), url: r.url });
  });
  // An empty body with a JSON content type (a DELETE from some clients) is no body, not an error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('Corps JSON invalide.'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
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
    if (status >= 500) req.log.error({ err }, 'request failed');
    reply.code(status).type('application/json').send(body);
  });

  for (const def of routes) bindRoute(app, deps, def);

  const dist = deps.config.webDist;
  const hasWeb = fs.existsSync(path.join(dist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    // GET /login is the sign-in page; only POST /login is the API.
    const isApi = url.startsWith('/api') || url.startsWith('/auth/');
    if (!isApi && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      const file = path.join(dist, url);
      if (url !== '/' && file.startsWith(dist) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        return reply.sendFile(url.slice(1));
      }
      return reply.type('text/html').sendFile('index.html');
    }
    reply.code(404).send({ message: ERRORS.ROUTE_NOT_FOUND.message, code: 'ROUTE_NOT_FOUND', detail: `${req.method} ${url}` });
  });
  return app;
}

interface ErrorResponse {
  status: number;
  body: { message: string; detail?: unknown; code: string };
}

/** Maps any error to the JSON error body; never a stack trace. */
export function toErrorResponse(err: unknown): ErrorResponse {
  if (err instanceof AppError) return { status: err.status, body: { message: err.message, detail: err.detail, code: err.code } };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.map((v) => {
      const where = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const scope = (err as { validationContext?: string }).validationContext;
      return { champ: where || scope || '', message: v.message ?? 'invalide' };
    });
    const fields = [...new Set(issues.map((i) => i.champ).filter(Boolean))];
    return {
      status: 400,
      body: {
        message: fields.length ? `Données invalides : ${fields.join(', ')}.` : ERRORS.VALIDATION.message,
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
  if (sc === 415) return { status: 415, body: { message: 'Type de contenu non pris en charge (JSON attendu).', code: 'VALIDATION' } };
  if (sc >= 400 && sc < 500) {
    const message = fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'Corps JSON invalide.' : ERRORS.VALIDATION.message;
    return { status: sc, body: { message, detail: fe.code, code: 'VALIDATION' } };
  }
  return { status: 500, body: { message: ERRORS.INTERNAL.message, code: 'INTERNAL' } };
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: { method: string; url: string }[];
  }
}

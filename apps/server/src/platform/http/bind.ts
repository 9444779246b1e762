import { accessAllows, DEFAULT_BODY_LIMIT, ERRORS } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Caller, callerOf, type SessionRow } from '../auth/caller.ts';
import { sha256 } from '../auth/tokens.ts';
import { APP_ROLE, PARTNER_ROLE } from '../db/tenant.ts';
import { AppError, CommitThenFail, notFound } from './errors.ts';
import { checkReferences } from './references.ts';
import { type Ctx, type Deps, type PublicCtx, type RouteDef, Serialized } from './route.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

/** Responses written directly as JSON (Serialized) are checked against their schema whenever tests run. */
const CHECK_SERIALIZED = Boolean(process.env.VITEST) || process.env.NODE_ENV === 'test';

/** The session row's columns (app_session_row, migration 0030), in the order of the opening's array. */
const SESSION_COLUMNS = [
  'session_id',
  'utilisateur_id',
  'entreprise_id',
  'is_super_admin',
  'enable',
  'locked',
  'eu',
  'mfa_pending',
  'remember_me',
  'logiciel_code',
  'expires_at',
  'profil_modele_id',
  'profil_code',
  'profil_type',
  'permissions_v2',
  'permission_version',
  'home_entreprise_id',
  'support_access_id',
  'support_since',
] as const satisfies readonly (keyof SessionRow)[];

/**
 * The first statement of every authenticated request, with the session's hash as its only parameter: the session row,
 * and the transaction switched to the caller's role, company and person. The lookup is system-wide (the company is
 * not known yet): the subquery `sys` names the session (policy session_own) and enters the system mode; the join
 * depends on its value (lateral), so it reads after; the row's own columns end the system mode, once the join has
 * produced it. One row always (left join): without a valid session its values are null, the system mode is ended all
 * the same, and the transaction is under the application role with no company.
 * Two columns, not one per value: the session's values in one JSON array (`s`, read by openedSession) and the
 * switches in one text (`w`). The driver describes and parses each column of every request (a type parser per column,
 * a property per value): 2 instead of 23. Named columns all the same: a prepared statement whose columns change
 * under a migration would fail.
 */
const OPENING = `select json_build_array(${SESSION_COLUMNS.map((c) => `l.${c}`).join(', ')}) as s,
  concat(pg_catalog.set_config('app.system', '', true),
    set_config('role', case when l.eu and not l.is_super_admin then '${PARTNER_ROLE}' else '${APP_ROLE}' end, true),
    set_config('app.entreprise_id', l.entreprise_id::text, true), set_config('app.utilisateur_id', l.utilisateur_id::text, true)) as w`;
const LOOKUP = `from (select pg_catalog.set_config('app.session_id', $1, true) as h, pg_catalog.set_config('app.system', 'on', true) as s
  offset 0) sys left join lateral public.app_session_row(sys.h) l on true`;
/**
 * A list statement keeps its generic plan; it is planned for data read from memory or SSD (random_page_cost 1.1, not
 * the default 4 of spinning disks), so that a bounded count walks an index and stops at its limit instead of
 * building a bitmap of every matching row first.
 */
const LIST_OPENING = `${OPENING}, set_config('plan_cache_mode', 'force_generic_plan', true) as g, set_config('datestyle', 'ISO, YMD', true) as d,
  set_config('random_page_cost', '1.1', true) as c ${LOOKUP}`;
export const SESSION_OPENING = `${OPENING} ${LOOKUP}`;

/** The session row of an opening's result (its array `s`), or undefined without a valid session (null values). */
export function openedSession(rows: Record<string, unknown>[]): SessionRow | undefined {
  const values = rows[0]?.s as unknown[] | null | undefined;
  if (values?.[0] == null) return undefined;
  const row: Record<string, unknown> = {};
  for (let i = 0; i < SESSION_COLUMNS.length; i++) row[SESSION_COLUMNS[i] as string] = values[i];
  return row as unknown as SessionRow;
}

function toFastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * Binds one endpoint: authenticate -> authorize -> input checks (NUL characters, the zod validation Fastify ran
 * and attached, references) -> handler, in one transaction scoped to the caller's company -> response validated
 * by its zod schema. Without a session cookie the request is refused before its body is even read; with an
 * invalid one, before anything about its input is said. Public endpoints validate first.
 */
export function bindRoute(app: FastifyInstance, deps: Deps, def: RouteDef): void {
  const e = def.endpoint;
  if (!e.access) throw new Error(`${e.method} ${e.path} : aucune règle d'accès déclarée`);
  const status = e.status ?? 200;
  const opening = def.options?.listStatement ? LIST_OPENING : SESSION_OPENING;
  app.route({
    method: e.method,
    url: toFastifyPath(e.path),
    bodyLimit: e.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // A secured route keeps Fastify's validation result for after the session check (handler below).
    attachValidation: !def.public,
    config: { public: def.public },
    ...(def.public ? {} : { onRequest: requireSessionCookie }),
    schema: {
      summary: e.summary,
      tags: [e.tag],
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      response: { [status]: e.response },
      ...(e.access.kind === 'public' ? {} : { security: [{ session: [] }] }),
    },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const input = { params: req.params, query: req.query, body: req.body };
      reply.code(status);
      if (def.public) {
        assertCleanInput(req);
        const ctx: PublicCtx = { deps, req, reply };
        return (def.handler as (c: PublicCtx, i: unknown) => Promise<unknown>)(ctx, input);
      }
      const token = req.cookies[SESSION_COOKIE];
      if (!token) throw new AppError('UNAUTHENTICATED');
      const hash = sha256(token);
      if (!/^[0-9a-f]{64}$/.test(hash)) throw new AppError('UNAUTHENTICATED');
      // One round trip: BEGIN, then the system-wide session lookup (app_session_row, migration 0030) that also
      // switches to the application role and the caller's company (and person) for the rest of the transaction: a
      // person of an external company (a contractor) runs under the partner role, whose policies add the processes
      // of its clients that are its own (migration 0015). The statement is the same for every request (the hash is its
      // parameter): PostgreSQL parses and plans it once per connection.
      const out = await deps.database.transactionOpenedBy(
        { text: opening, arg: hash },
        async (tx, rows) => {
          const caller = await callerOf(tx, openedSession(rows), deps.rights);
          if (!caller) throw new AppError('UNAUTHENTICATED', 'Session expirée ou invalide. Veuillez vous reconnecter.');
          authorize(def, caller);
          assertValidInput(req);
          req.caller = caller;
          const ctx: Ctx = {
            deps,
            req,
            reply,
            caller,
            tx,
            useCompany: async (id: number) => {
              if (id === caller.entrepriseId) return;
              if (!caller.isSuperAdmin) throw notFound('Entreprise introuvable.');
              await scopeTo(tx, id);
            },
          };
          await checkReferences(ctx, e, input);
          try {
            return await (def.handler as (c: Ctx, i: unknown) => Promise<unknown>)(ctx, input);
          } catch (err) {
            if (err instanceof CommitThenFail) return err;
            throw err;
          }
        },
        { readOnly: def.options?.listStatement || def.options?.readOnly },
      );
      if (out instanceof CommitThenFail) throw out.error;
      if (out instanceof Serialized) {
        if (CHECK_SERIALIZED) e.response.parse(JSON.parse(out.json));
        reply.header('content-type', 'application/json; charset=utf-8');
        const encoding = out.encoded ? acceptedEncoding(req.headers['accept-encoding']) : null;
        if (!encoding || !out.encoded) return out.json;
        // Already compressed: @fastify/compress leaves a response with a content-encoding alone.
        const bytes = await out.encoded(encoding);
        reply.header('content-encoding', encoding);
        reply.header('vary', 'accept-encoding');
        return bytes;
      }
      return out;
    },
  });
}

/**
 * The encoding of a pre-compressed response for an Accept-Encoding header: brotli, else gzip (the order of
 * @fastify/compress in app.ts), unless refused (q=0); null to send it uncompressed.
 */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((x) => x.trim().toLowerCase());
    const weight = params.find((x) => x.startsWith('q='));
    if (name) q.set(name, weight ? Number(weight.slice(2)) || 0 : 1);
  }
  for (const encoding of ['br', 'gzip'] as const) if ((q.get(encoding) ?? q.get('*') ?? 0) > 0) return encoding;
  return null;
}

/** No session cookie at all: 401 at once, before the body is read or validated. */
async function requireSessionCookie(req: FastifyRequest): Promise<void> {
  if (!req.cookies[SESSION_COOKIE]) throw new AppError('UNAUTHENTICATED');
}

/** The input errors of a secured route, said once the caller is known: unreadable body, NUL, zod validation. */
function assertValidInput(req: FastifyRequest): void {
  if (req.bodyError) throw req.bodyError;
  assertCleanInput(req);
  if (req.validationError) throw req.validationError;
}

/**
 * PostgreSQL stores no NUL character (text or jsonb): refused in every string and key of the input, naming the
 * field, before a handler could half-write a record with it.
 */
function assertCleanInput(req: FastifyRequest): void {
  for (const [scope, value] of [
    ['params', req.params],
    ['query', req.query],
    ['body', req.body],
  ] as const) {
    const where = nulPath(value);
    if (where === null) continue;
    const champ = where || scope;
    throw new AppError('VALIDATION', `Caractère nul interdit : ${champ}.`, [
      { champ, message: 'Le caractère nul (U+0000) n’est pas admis.' },
    ]);
  }
}

/** Path (a.b.0.c) of the first string or key holding a NUL character, '' for the value itself, null if none. */
function nulPath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, at] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return at;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], at ? `${at}.${i}` : String(i)]);
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const p = at ? `${at}.${k}` : k;
        if (k.includes('\u0000')) return p.replaceAll('\u0000', '\\0');
        stack.push([child, p]);
      }
    }
  }
  return null;
}

async function scopeTo(tx: Parameters<Parameters<Deps['database']['db']['transaction']>[0]>[0], id: number) {
  await tx.execute(sql`select set_config('app.system', '', true), set_config('app.entreprise_id', ${String(id)}, true)`);
}

function authorize(def: RouteDef, caller: Caller): void {
  const access = def.endpoint.access;
  if (caller.mfaPending && !(access.kind === 'session' && access.allowPendingMfa)) {
    throw new AppError('MFA_REQUIRED');
  }
  if (!accessAllows(caller.ability, access)) {
    throw new AppError('FORBIDDEN', ERRORS.FORBIDDEN.message);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
    /** A body that could not be read (malformed JSON, unsupported type): answered after the session check. */
    bodyError?: Error;
  }
  interface FastifyContextConfig {
    /** The endpoint needs no session (sign-in, activation, health). */
    public?: boolean;
  }
}

import { DEFAULT_BODY_LIMIT, ERRORS } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Caller, callerOf, type SessionRow } from '../auth/caller.ts';
import { sha256 } from '../auth/tokens.ts';
import { APP_ROLE } from '../db/tenant.ts';
import { AppError, CommitThenFail, notFound } from './errors.ts';
import { type Ctx, type Deps, type PublicCtx, type RouteDef, Serialized } from './route.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

/** Responses written directly as JSON (Serialized) are checked against their schema whenever tests run. */
const CHECK_SERIALIZED = Boolean(process.env.VITEST) || process.env.NODE_ENV === 'test';

function toFastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * Binds one endpoint: validate (zod, by Fastify) -> authenticate -> authorize -> one transaction scoped to
 * the caller's company -> handler -> response validated by its zod schema.
 */
export function bindRoute(app: FastifyInstance, deps: Deps, def: RouteDef): void {
  const e = def.endpoint;
  if (!e.access) throw new Error(`${e.method} ${e.path} : aucune règle d'accès déclarée`);
  const status = e.status ?? 200;
  // A list statement keeps its generic plan; it is planned for data read from memory or SSD (random_page_cost
  // 1.1, not the default 4 of spinning disks), so that a bounded count walks an index and stops at its limit
  // instead of building a bitmap of every matching row first.
  const listSettings = def.options?.listStatement
    ? `, set_config('plan_cache_mode', 'force_generic_plan', true) as g, set_config('datestyle', 'ISO, YMD', true) as d, set_config('random_page_cost', '1.1', true) as c`
    : '';
  app.route({
    method: e.method,
    url: toFastifyPath(e.path),
    bodyLimit: e.bodyLimit ?? DEFAULT_BODY_LIMIT,
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
        const ctx: PublicCtx = { deps, req, reply };
        return (def.handler as (c: PublicCtx, i: unknown) => Promise<unknown>)(ctx, input);
      }
      const token = req.cookies[SESSION_COOKIE];
      if (!token) throw new AppError('UNAUTHENTICATED');
      const hash = sha256(token);
      if (!/^[0-9a-f]{64}$/.test(hash)) throw new AppError('UNAUTHENTICATED');
      // One round trip: BEGIN, then the system-wide session lookup (app_session_lookup, migration 0008) that also
      // switches to the application role and the caller's company for the rest of the transaction. The hash is
      // hexadecimal (checked above), the only value written into the text.
      const opening = `select l.*, set_config('role', '${APP_ROLE}', true) as r, set_config('app.entreprise_id', l.entreprise_id::text, true) as e${listSettings} from app_session_lookup('${hash}') l`;
      const out = await deps.database.transactionOpenedBy(opening, async (tx, rows) => {
        const caller = await callerOf(tx, rows[0] as unknown as SessionRow | undefined);
        if (!caller) throw new AppError('UNAUTHENTICATED', 'Session expirée ou invalide. Veuillez vous reconnecter.');
        authorize(def, caller);
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
        try {
          return await (def.handler as (c: Ctx, i: unknown) => Promise<unknown>)(ctx, input);
        } catch (err) {
          if (err instanceof CommitThenFail) return err;
          throw err;
        }
      }, { readOnly: def.options?.listStatement });
      if (out instanceof CommitThenFail) throw out.error;
      if (out instanceof Serialized) {
        if (CHECK_SERIALIZED) e.response.parse(JSON.parse(out.json));
        reply.header('content-type', 'application/json; charset=utf-8');
        return out.json;
      }
      return out;
    },
  });
}

async function scopeTo(tx: Parameters<Parameters<Deps['database']['db']['transaction']>[0]>[0], id: number) {
  await tx.execute(sql`select set_config('app.system', '', true), set_config('app.entreprise_id', ${String(id)}, true)`);
}

function authorize(def: RouteDef, caller: Caller): void {
  const access = def.endpoint.access;
  if (caller.mfaPending && !(access.kind === 'session' && access.allowPendingMfa)) {
    throw new AppError('MFA_REQUIRED');
  }
  if (access.kind === 'ability' && !caller.ability.can(access.action, access.subject)) {
    throw new AppError('FORBIDDEN', ERRORS.FORBIDDEN.message);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

import type { AnyEndpoint } from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Caller } from '../auth/caller.ts';
import type { RightsSource } from '../auth/rights.ts';
import type { Config } from '../config.ts';
import type { Database, Tx } from '../db/engine.ts';
import type { Mailer } from '../mail/outbox.ts';
import type { RealtimeBus } from '../realtime/bus.ts';
import type { ReferenceCheckers } from './references.ts';

/** What every handler may use besides its transaction. */
export interface Deps {
  database: Database;
  config: Config;
  mailer: Mailer;
  realtime: RealtimeBus;
  /** Computes a caller's rights (the permission module's menus and entries). */
  rights: RightsSource;
  /** Checkers of the kinds of row an input may reference, registered by the modules owning them (server.ts). */
  references: ReferenceCheckers;
}

export interface PublicCtx {
  deps: Deps;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Context of an authenticated handler: its caller and the request's tenant-scoped transaction. */
export interface Ctx extends PublicCtx {
  caller: Caller;
  tx: Tx;
  /**
   * Scopes the rest of the transaction to a company: the caller's own always; another only for a super
   * admin (throws 404 for anyone else, so a company's existence does not leak).
   */
  useCompany(entrepriseId: number): Promise<void>;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
export type Input<E> = E extends AnyEndpoint
  ? { params: Out<NonNullable<E['params']>>; query: Out<NonNullable<E['query']>>; body: Out<NonNullable<E['body']>> }
  : never;
export type Result<E> = E extends { response: infer R } ? (R extends z.ZodType ? z.input<R> : never) : never;

/**
 * A response already written as JSON (a list page, from its statement's text columns): sent as is, without the
 * per-row zod pass. Its shape is still the endpoint's: under test every such response is parsed with the
 * endpoint's schema (bind.ts).
 */
export class Serialized {
  /**
   * A response the server built itself field by field (a presenter's, typed by the contract): written with
   * JSON.stringify, without the zod pass over it at each request (still checked against the schema under test).
   */
  static of(value: unknown): Serialized {
    return new Serialized(JSON.stringify(value));
  }

  constructor(
    readonly json: string,
    /**
     * The same JSON already compressed (a response kept in a cache): sent as is to a client that accepts the
     * encoding, instead of compressing it again at each request (bind.ts).
     */
    readonly encoded?: (encoding: 'br' | 'gzip') => Promise<Buffer>,
  ) {}
}

export interface RouteOptions {
  /**
   * The route runs one prepared list statement (executePrepared): its transaction keeps one generic plan per
   * statement (plan_cache_mode = force_generic_plan) instead of planning it again at each call, and writes dates in
   * ISO (DateStyle), which the list rows are built from. Such a route only reads: its transaction is READ ONLY and
   * its answer does not wait for the COMMIT.
   */
  listStatement?: boolean;
  /**
   * The route only reads: its transaction is READ ONLY (PostgreSQL refuses any write) and its answer leaves without
   * waiting for the COMMIT, one round trip less per request.
   */
  readOnly?: boolean;
}

export interface RouteDef {
  endpoint: AnyEndpoint;
  public: boolean;
  handler: (ctx: never, input: never) => Promise<unknown>;
  options?: RouteOptions;
}

/** Binds a handler to an endpoint that needs a signed-in caller. */
export function route<E extends AnyEndpoint>(
  e: E,
  handler: (ctx: Ctx, input: Input<E>) => Promise<Result<E> | Serialized>,
  options?: RouteOptions,
): RouteDef {
  if (e.access.kind === 'public') throw new Error(`${e.method} ${e.path}: endpoint public, utilisez publicRoute`);
  return { endpoint: e, public: false, handler: handler as RouteDef['handler'], ...(options ? { options } : {}) };
}

/** Binds a handler to a public endpoint (no session; system-wide work goes through withSystem). */
export function publicRoute<E extends AnyEndpoint>(e: E, handler: (ctx: PublicCtx, input: Input<E>) => Promise<Result<E>>): RouteDef {
  if (e.access.kind !== 'public') throw new Error(`${e.method} ${e.path}: endpoint protégé, utilisez route`);
  return { endpoint: e, public: true, handler: handler as RouteDef['handler'] };
}

import type { z } from 'zod';
import type { Action, Subject } from '../permission/ability.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint. Every endpoint declares one; the server refuses to bind one without it.
 * - public: no session (sign-in, activation).
 * - session: any signed-in user, acting on their own account only.
 * - ability: the caller's ability must allow `action` on `subject`.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'session'; allowPendingMfa?: boolean }
  | { kind: 'ability'; action: Action; subject: Subject };

export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path exactly as the spec writes it, with `{name}` parameters. */
  path: string;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  access: Access;
  /** HTTP status of a success (default 200). */
  status?: number;
  /** Largest accepted body in bytes (default DEFAULT_BODY_LIMIT; uploads are bounded by their own limit). */
  bodyLimit?: number;
}

/** Largest JSON body an endpoint accepts unless it declares its own `bodyLimit`. */
export const DEFAULT_BODY_LIMIT = 256 * 1024;
/** The body limits endpoints declare instead of the default (issue 10: sizes are bounded per route family). */
export const BODY_LIMITS = {
  /** Sign-in and account activation: public, read before any session exists. */
  small: 16 * 1024,
  /** One signature image (a data URL of at most 300,000 characters) with the rest of the body. */
  image: 512 * 1024,
  /** A process written with its field values (rawData up to 256 KiB). */
  process: 512 * 1024,
  /** Many permission entries applied at once (up to 2,000). */
  bulk: 1024 * 1024,
  /** A step signed with its signature images (several signers' images in one call). */
  signatures: 2 * 1024 * 1024,
} as const;

/** Declares an endpoint once, as data, for the server to bind and the web to call. */
export function endpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  e: Endpoint<P, Q, B, R>,
): Endpoint<P, Q, B, R> {
  return e;
}

export type AnyEndpoint = Endpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType>;
export type EndpointParams<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type EndpointQuery<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type EndpointBody<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type EndpointResponse<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Fills `{name}` parameters of a path. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = params?.[k];
    if (v === undefined) throw new Error(`Paramètre manquant : ${k}`);
    return encodeURIComponent(String(v));
  });
}

/** The four access rules of a subject, for the endpoints of one module. */
export function accessOn<S extends Subject>(subject: S) {
  const rule = <A extends Action>(action: A) => ({ kind: 'ability', action, subject }) as const;
  return { read: rule('read'), create: rule('create'), update: rule('update'), delete: rule('delete'), manage: rule('manage') };
}

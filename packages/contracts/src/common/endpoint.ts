import type { z } from 'zod';
import type { Action, AppAbility, Subject } from '../permission/ability.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint. Every endpoint declares one; the server refuses to bind one without it.
 * - public: no session (sign-in, activation).
 * - session: any signed-in user, acting on their own account only.
 * - ability: the caller's ability must allow `action` on `subject`.
 * - anyAbility: a read other screens need (a picker's names, a process's workflow): one of the rules suffices, so
 *   whoever may use a screen that needs the data reads it, and no one else (docs/DECISIONS.md, ticket 12).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'session'; allowPendingMfa?: boolean }
  | { kind: 'ability'; action: Action; subject: Subject }
  | { kind: 'anyAbility'; of: readonly { action: Action; subject: Subject }[] };

/** Whether an ability satisfies an endpoint's access rule (public and session rules ask nothing of it). */
export function accessAllows(ability: AppAbility, access: Access): boolean {
  switch (access.kind) {
    case 'public':
    case 'session':
      return true;
    case 'ability':
      return ability.can(access.action, access.subject);
    case 'anyAbility':
      return access.of.some((r) => ability.can(r.action, r.subject));
  }
}

const anyOf = (...of: [Action, Subject][]) => ({ kind: 'anyAbility', of: of.map(([action, subject]) => ({ action, subject })) }) as const;

/**
 * Reads that screens other than their own need: who may read them. The screen of the data itself (Utilisateurs,
 * Services, Profils, Workflows) needs its menu entry; the pickers of the process form, of the boards and lists, of the
 * workflow editor's step rules and of the user form need the names only.
 */
export const PICKER_READ = {
  /** People's names (no mail, no phone): process fields, step rules, the preparer filter of lists and boards. */
  people: anyOf(['read', 'Utilisateur'], ['read', 'Process'], ['read', 'Tableau'], ['update', 'ProcessModele']),
  /** Services: process fields, step rules, the user form and filters. */
  services: anyOf(['read', 'ServiceModele'], ['read', 'Utilisateur'], ['read', 'Process'], ['update', 'ProcessModele']),
  /** Profiles: step rules, the user form, the permission matrix. */
  profils: anyOf(['read', 'ProfilModele'], ['read', 'Utilisateur'], ['read', 'Permission'], ['update', 'ProcessModele']),
  /** Workflow summaries: creating a process, filtering lists and boards, defining a board. */
  workflows: anyOf(['read', 'ProcessModele'], ['read', 'Process'], ['read', 'Tableau']),
  /** The fields of the workflows (names and kinds): the boards' columns and their editor. */
  fields: anyOf(['read', 'ProcessModele'], ['read', 'Tableau']),
  /** A step's rules and whether the caller may act on it: the process screen. */
  stepRules: anyOf(['read', 'ProcessModele'], ['read', 'Process']),
  /** The menu tree: the menu editor and the permission matrix. */
  menu: anyOf(['read', 'MenuItem'], ['read', 'Permission']),
};

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

import { type Action, type AppAbility, ERRORS, type ErrorCode, instance, type Subject } from '@app/contracts';
import { isConnectionLoss } from '../db/faults.ts';

/** The one error class of the server: a code from the contracts' catalogue, a French message, a detail. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly detail?: unknown,
  ) {
    super(message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
  }
}

export const notFound = (what = 'Élément introuvable.') => new AppError('NOT_FOUND', what);
export const conflict = (message: string, detail?: unknown) => new AppError('CONFLICT', message, detail);
const badRequest = (message: string, detail?: unknown) => new AppError('VALIDATION', message, detail);

/** Returns the row or throws a French 404. */
export function foundOrThrow<T>(row: T | undefined | null, what = 'Élément introuvable.'): T {
  if (row === undefined || row === null) throw notFound(what);
  return row;
}

/**
 * Maps a database error to an answer when it is not a bug: a client error (unique or foreign-key violation, an
 * invalid value) or a lost connection (503, the request may be retried).
 */
export function fromDatabaseError(e: unknown): AppError | null {
  if (isConnectionLoss(e)) return new AppError('DATABASE_UNAVAILABLE');
  const err = (e as { cause?: unknown })?.cause ?? e;
  const code = (err as { code?: string })?.code;
  if (code === '23505') return conflict('Cette valeur existe déjà.');
  if (code === '23503') return conflict('Élément lié introuvable ou encore utilisé.');
  // The database's own wording stays in the server log, never in the answer.
  if (code === '22023') return badRequest('Paramètre invalide.');
  if (code === '22P02' || code === '22003' || code === '22007' || code === '22008') return badRequest('Valeur invalide.');
  // A NUL character (refused before handlers: this only covers a value built by the server itself).
  if (code === '22021' || code === '22P05') return badRequest('Caractère non admis (caractère nul).');
  if (code === '42501') return new AppError('FORBIDDEN');
  return null;
}

/**
 * Thrown by a handler whose writes must be kept although the call fails (a wrong one-time code counts an
 * attempt): the request transaction commits, then the wrapped error is sent.
 */
export class CommitThenFail extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

/** Refuses with 403 unless the caller's ability allows the action on this instance. */
export function assertCan(ability: AppAbility, action: Action, type: Exclude<Subject, 'all'>, fields: Record<string, unknown>): void {
  if (!ability.can(action, instance(type, fields))) throw new AppError('FORBIDDEN');
}

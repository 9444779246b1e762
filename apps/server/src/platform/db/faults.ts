/**
 * Database faults: telling a lost connection from a query's own error, and the errors the server answers with
 * when the database cannot be reached (503) or cannot be opened at start (a French message, no stack).
 */

/** The database could not be reached or dropped the connection mid-request: the request may be retried. */
export class DatabaseUnavailableError extends Error {
  constructor(readonly cause: unknown) {
    super('Base de données injoignable', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** The database could not be opened when the server started; the message says why and what to do, in French. */
export class DatabaseStartError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'DatabaseStartError';
  }
}

// SQLSTATEs of a connection that is gone or refused: class 08 (connection exception), 57P01 admin shutdown
// (pg_terminate_backend), 57P02 crash shutdown, 57P03 cannot connect now (starting up), 53300 too many connections.
const LOST_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
// Socket errors of node:net and DNS.
const LOST_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// node-postgres raises these without a code when the socket closes under it, when a client that already failed is
// used again, and when the pool waits too long for a connection (its own fixed wording, pg 8).
const LOST_PG_MESSAGES = ['Connection terminated', 'is not queryable', 'timeout exceeded when trying to connect', 'Client was closed'];

/** True when the error (or its cause, as drizzle wraps driver errors) says the connection itself failed. */
export function isConnectionLoss(e: unknown): boolean {
  for (let err = e, depth = 0; err && depth < 4; err = (err as { cause?: unknown }).cause, depth++) {
    if (err instanceof DatabaseUnavailableError) return true;
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('08') || LOST_SQLSTATES.has(code) || LOST_ERRNOS.has(code))) return true;
    const message = (err as { message?: unknown }).message;
    if (typeof message === 'string' && LOST_PG_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

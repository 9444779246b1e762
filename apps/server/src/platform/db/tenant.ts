import { sql } from 'drizzle-orm';
import type { Db, Tx } from './engine.ts';

/** The database role every request runs under: neither superuser nor owner, so row-level security applies. */
export const APP_ROLE = 'securite_app';

/**
 * Runs `fn` in one transaction scoped to a company: SET LOCAL ROLE to the application role and the
 * company id as a transaction-local setting that the row-level security policies read.
 */
export function withTenant<T>(db: Db, entrepriseId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', ${APP_ROLE}, true), set_config('app.entreprise_id', ${String(entrepriseId)}, true), set_config('app.system', '', true)`,
    );
    return fn(tx);
  });
}

/**
 * THE system-wide path: the only way to read or write across companies (sign-in lookups, session checks,
 * a super admin's company list). Every call names its reason; search the code for `withSystem(` to audit them.
 */
export function withSystem<T>(db: Db, reason: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!reason) throw new Error('withSystem requires a reason');
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', ${APP_ROLE}, true), set_config('app.system', 'on', true), set_config('app.entreprise_id', '', true)`,
    );
    return fn(tx);
  });
}

/**
 * The same system-wide path inside a request's transaction (a super admin managing companies): switches the
 * transaction to system mode for `fn`, then back to the caller's company.
 */
export async function asSystem<T>(tx: Tx, reason: string, fn: () => Promise<T>): Promise<T> {
  if (!reason) throw new Error('asSystem requires a reason');
  const res = await tx.execute(sql`select current_setting('app.entreprise_id', true) as id`);
  const [prev] = (res as unknown as { rows: { id: string | null }[] }).rows;
  await tx.execute(sql`select set_config('app.system', 'on', true)`);
  const out = await fn();
  await tx.execute(sql`select set_config('app.system', '', true), set_config('app.entreprise_id', ${prev?.id ?? ''}, true)`);
  return out;
}

import { sql } from 'drizzle-orm';
import type { Db, Tx } from './engine.ts';

/** The database role every request runs under: neither superuser nor owner, so row-level security applies. */
export const APP_ROLE = 'securite_app';
/**
 * The role of a request by a person of an external company (a contractor): the same rights and tenant policies as
 * APP_ROLE, plus the policies TO securite_partner of migration 0015 (the processes of its clients that are its own).
 */
export const PARTNER_ROLE = 'securite_partner';

/**
 * Runs `fn` in one transaction scoped to a company: SET LOCAL ROLE to the application role and the
 * company id as a transaction-local setting that the row-level security policies read.
 */
export function withTenant<T>(db: Db, entrepriseId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return scoped(db, APP_ROLE, entrepriseId, '', fn);
}

/**
 * Runs `fn` in one transaction as a contractor outside a request (a live event to check): the partner role, its
 * company and its person, as bind.ts opens a contractor's request.
 */
export function withPartner<T>(db: Db, entrepriseId: number, utilisateurId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return scoped(db, PARTNER_ROLE, entrepriseId, String(utilisateurId), fn);
}

function scoped<T>(db: Db, role: string, entrepriseId: number, utilisateurId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', ${role}, true), set_config('app.entreprise_id', ${String(entrepriseId)}, true), set_config('app.utilisateur_id', ${utilisateurId}, true), set_config('app.system', '', true)`,
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

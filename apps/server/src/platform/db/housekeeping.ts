import { lt, sql } from 'drizzle-orm';
import type { Db } from './engine.ts';
import { loginAttempt, otpCode, processEvent, session } from './schema.ts';
import { withSystem } from './tenant.ts';

/** Deletes expired sessions, old sign-in attempts and spent codes, hourly (idempotent, any instance). */
export function startHousekeeping(db: Db, log: { error(o: unknown, m: string): void }): () => void {
  const run = () =>
    withSystem(db, 'housekeeping of expired rows', async (tx) => {
      await tx.delete(session).where(lt(session.expiresAt, sql`now()`));
      await tx.delete(loginAttempt).where(lt(loginAttempt.at, sql`now() - interval '1 day'`));
      await tx.delete(otpCode).where(lt(otpCode.expiresAt, sql`now() - interval '1 day'`));
      await tx.delete(processEvent).where(lt(processEvent.at, sql`now() - interval '7 days'`));
    }).catch((e) => log.error(e, 'housekeeping failed'));
  const timer = setInterval(run, 3600_000);
  timer.unref();
  return () => clearInterval(timer);
}

import { lt, sql } from 'drizzle-orm';
import type { Mailer } from '../mail/outbox.ts';
import type { Db, Tx } from './engine.ts';
import { processEvent } from './platform.tables.ts';
import { withSystem } from './tenant.ts';

/** A module's share of the hourly clean-up (expired rows of its own tables, alerts due), run system-wide. */
export type HousekeepingJob = (tx: Tx, deps?: HousekeepingDeps) => Promise<void>;
/** What a job may use besides its transaction: the outbox, to mail in the same transaction. */
export interface HousekeepingDeps {
  mailer: Pick<Mailer, 'queue'>;
}

/** The platform's own: process events older than a week (a client that reconnects later reloads its lists). */
const platformJob: HousekeepingJob = async (tx) => {
  await tx.delete(processEvent).where(lt(processEvent.at, sql`now() - interval '7 days'`));
};

/** Runs the platform's and the modules' clean-ups hourly (idempotent, any instance). */
export function startHousekeeping(
  db: Db,
  log: { error(o: unknown, m: string): void },
  jobs: HousekeepingJob[] = [],
  deps: HousekeepingDeps = { mailer: { queue: async () => {} } },
): () => void {
  const run = () =>
    withSystem(db, 'housekeeping of expired rows', async (tx) => {
      for (const job of [platformJob, ...jobs]) await job(tx, deps);
    }).catch((e) => log.error(e, 'housekeeping failed'));
  const timer = setInterval(run, 3600_000);
  timer.unref();
  return () => clearInterval(timer);
}

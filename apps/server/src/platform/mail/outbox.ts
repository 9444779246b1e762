import { and, asc, eq, isNull, sql } from 'drizzle-orm';

import nodemailer from 'nodemailer';
import type { Db, Tx } from '../db/engine.ts';
import { outbox } from '../db/platform.tables.ts';
import { withSystem } from '../db/tenant.ts';

interface OutgoingMessage {
  entrepriseId: number;
  canal?: 'mail' | 'sms';
  destinataire: string;
  sujet: string;
  corps: string;
}

/**
 * Mail and SMS go through the outbox table, written in the same transaction as the change that causes them.
 * With SMTP_URL, a delivery loop sends them (SKIP LOCKED, so several instances share the work); without it,
 * they stay in the table and are logged for the operator.
 */
export interface Mailer {
  queue(tx: Tx, msg: OutgoingMessage): Promise<void>;
  start(): void;
  stop(): void;
}

export function createMailer(db: Db, smtpUrl: string | null, log: MailLog): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  let timer: NodeJS.Timeout | null = null;

  async function deliverBatch(): Promise<void> {
    if (!transport) return;
    await withSystem(db, 'outbox delivery', async (tx) => {
      const rows = await tx
        .select()
        .from(outbox)
        .where(and(isNull(outbox.sentAt), isNull(outbox.error), eq(outbox.canal, 'mail')))
        .orderBy(asc(outbox.id))
        .limit(20)
        .for('update', { skipLocked: true });
      for (const m of rows) {
        try {
          await transport.sendMail({ to: m.destinataire, subject: m.sujet, text: m.corps, from: 'no-reply@securite.local' });
          await tx.update(outbox).set({ sentAt: sql`now()` }).where(eq(outbox.id, m.id));
        } catch (e) {
          await tx
            .update(outbox)
            .set({ error: String((e as Error).message).slice(0, 500) })
            .where(eq(outbox.id, m.id));
        }
      }
    });
  }

  return {
    async queue(tx, msg) {
      await tx.insert(outbox).values({ ...msg, canal: msg.canal ?? 'mail' });
      if (!transport) {
        log.info(
          { outbox: { to: msg.destinataire, canal: msg.canal ?? 'mail', sujet: msg.sujet } },
          `Message en attente (pas de SMTP) : ${msg.corps}`,
        );
      }
    },
    start() {
      if (!transport || timer) return;
      timer = setInterval(() => deliverBatch().catch((e) => log.error(e, 'outbox delivery failed')), 5000);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export interface MailLog {
  info(obj: object, msg: string): void;
  error(obj: unknown, msg: string): void;
}

import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tenant } from '../../modules/entreprise/entreprise.tables.ts';
import { createdAt } from './columns.ts';

/** Outgoing mail and SMS, sent by SMTP when configured, otherwise kept here and logged for the operator. */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  entrepriseId: tenant(),
  canal: text('canal').notNull().default('mail'),
  destinataire: text('destinataire').notNull(),
  sujet: text('sujet').notNull(),
  corps: text('corps').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});

/** Process events for live lists: kept a few days so a client that reconnects catches up (Last-Event-ID). */
export const processEvent = pgTable(
  'process_event',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    type: text('type').notNull(),
    processIds: integer('process_ids').array().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('process_event_entreprise_idx').on(t.entrepriseId, t.id)],
);

import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tenant } from '../entreprise/entreprise.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';

/**
 * The support journal (migration 0014): a super admin's stay in a client company. Its tenant is the client company
 * (its admins can read it under row-level security); the name is the one the super admin had when he entered.
 */
export const supportAccess = pgTable(
  'support_access',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    utilisateurId: integer('utilisateur_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    utilisateurLibelle: text('utilisateur_libelle').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    /** quitter, changement, deconnexion or expiration (the last two written by the session's delete trigger). */
    endedBy: text('ended_by'),
  },
  (t) => [index('support_access_entreprise_idx').on(t.entrepriseId, t.enteredAt)],
);

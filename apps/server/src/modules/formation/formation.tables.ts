import { date, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';
import { tenant } from '../entreprise/entreprise.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';

/** A training of a person (D.1 `formation`, S 87); cancelled with who, when and why, never deleted (migration 0022). */
export const formation = pgTable(
  'formation',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    utilisateurId: integer('utilisateur_id')
      .notNull()
      .references(() => utilisateur.id),
    intitule: text('intitule').notNull(),
    organisme: text('organisme').notNull(),
    date: date('date').notNull(),
    validUntil: date('valid_until'),
    createdAt: createdAt(),
    createdById: integer('created_by_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedById: integer('deleted_by_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    deletedReason: text('deleted_reason'),
  },
  (t) => [
    index('formation_entreprise_idx').on(t.entrepriseId, t.date.desc(), t.id.desc()),
    index('formation_utilisateur_idx').on(t.utilisateurId, t.date.desc()),
  ],
);

/** The avis après formation on one symbol of a training (favorable / defavorable). */
export const formationAvis = pgTable(
  'formation_avis',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    formationId: integer('formation_id')
      .notNull()
      .references(() => formation.id),
    symbole: text('symbole').notNull(),
    avis: text('avis').notNull(),
  },
  (t) => [unique('formation_avis_symbole_uq').on(t.formationId, t.symbole)],
);

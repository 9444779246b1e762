import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';
import { tenant } from '../entreprise/entreprise.tables.ts';
import { equipement } from '../equipement/equipement.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';

/** A family of a company's risk catalogue (INRS ED 840 families seeded, migration 0019_registre). */
export const risqueFamille = pgTable(
  'risque_famille',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    code: text('code'),
    libelle: text('libelle').notNull(),
    couleur: text('couleur'),
    idx: integer('idx').notNull().default(0),
  },
  (t) => [index('risque_famille_entreprise_idx').on(t.entrepriseId, t.idx)],
);

/** A risk of the catalogue; soft-deleted (`deleted_at`), refused while equipment carries it. */
export const risque = pgTable(
  'risque',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    familleId: integer('famille_id').references(() => risqueFamille.id),
    libelle: text('libelle').notNull(),
    description: text('description'),
    mesures: text('mesures'),
    gravite: integer('gravite'),
    frequence: integer('frequence'),
    idx: integer('idx').notNull().default(0),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('risque_entreprise_idx').on(t.entrepriseId, t.familleId, t.idx)],
);

/** The levels of the company's gravité and fréquence scales (4 each by default). */
export const risqueEchelle = pgTable(
  'risque_echelle',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    axe: text('axe').notNull(),
    niveau: integer('niveau').notNull(),
    libelle: text('libelle').notNull(),
  },
  (t) => [uniqueIndex('risque_echelle_niveau_uq').on(t.entrepriseId, t.axe, t.niveau)],
);

/** A risk attached to an equipment (inherited by its subtree, down to a node that hides its parent's risks). */
export const equipementRisque = pgTable(
  'equipement_risque',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    equipementId: integer('equipement_id')
      .notNull()
      .references(() => equipement.id),
    risqueId: integer('risque_id')
      .notNull()
      .references(() => risque.id),
    commentaire: text('commentaire'),
    createdAt: createdAt(),
    createdById: integer('created_by_id').references(() => utilisateur.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('equipement_risque_uq').on(t.equipementId, t.risqueId), index('equipement_risque_risque_idx').on(t.risqueId)],
);

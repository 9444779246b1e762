import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { logiciel, tenant } from '../entreprise/entreprise.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';

/** A board: the processes of some workflows, with saved filters and displays. */
export const tableau = pgTable('tableau', {
  id: serial('id').primaryKey(),
  entrepriseId: tenant(),
  logicielId: integer('logiciel_id').references(() => logiciel.id),
  nom: text('nom').notNull(),
  icon: text('icon'),
  config: jsonb('config').notNull().default({}),
  workflows: integer('workflows').array().notNull().default(sql`'{}'::integer[]`),
  metriques: integer('metriques').array().notNull().default(sql`'{}'::integer[]`),
  gammeModeleId: integer('gamme_modele_id'),
  isEe: boolean('is_ee').notNull().default(false),
  idx: integer('idx').notNull().default(0),
});

/** A saved filter of a board (a tab): criteria on process fields and workflow fields. */
export const filtre = pgTable(
  'filtre',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    tableauId: integer('tableau_id')
      .notNull()
      .references(() => tableau.id, { onDelete: 'cascade' }),
    nom: text('nom').notNull(),
    criteres: jsonb('criteres').notNull().default([]),
    idx: integer('idx').notNull().default(0),
  },
  (t) => [index('filtre_tableau_idx').on(t.tableauId, t.idx)],
);

/** A saved display: columns, their order and widths, a sort; shared on a board or personal. */
export const affichage = pgTable(
  'affichage',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    tableauId: integer('tableau_id').references(() => tableau.id, { onDelete: 'cascade' }),
    utilisateurId: integer('utilisateur_id').references(() => utilisateur.id, { onDelete: 'cascade' }),
    nom: text('nom').notNull(),
    colonnes: jsonb('colonnes').notNull().default([]),
    tri: jsonb('tri'),
    idx: integer('idx').notNull().default(0),
  },
  (t) => [index('affichage_tableau_idx').on(t.tableauId, t.idx)],
);

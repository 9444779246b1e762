import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';
import { logiciel, tenant } from '../entreprise/entreprise.tables.ts';
import { profilModele } from '../profil/profil.tables.ts';
import { serviceModele } from '../service-modele/service-modele.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';

/** Workflow models; the workflow engine extends this table. */
export const processModele = pgTable('process_modele', {
  id: serial('id').primaryKey(),
  entrepriseId: tenant(),
  libelle: text('libelle').notNull(),
  package: text('package'),
  config: jsonb('config').notNull().default({}),
  /** A locked model's structure cannot change. */
  locked: boolean('locked').notNull().default(false),
  /** Bumped by every change of the model or its steps and fields (optimistic concurrency of the editor). */
  version: integer('version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which workflow models a company uses in each software. */
export const entrepriseProcessModele = pgTable(
  'entreprise_process_modele',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    logicielId: integer('logiciel_id')
      .notNull()
      .references(() => logiciel.id),
    processModeleId: integer('process_modele_id')
      .notNull()
      .references(() => processModele.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('entreprise_process_modele_uq').on(t.entrepriseId, t.logicielId, t.processModeleId)],
);

/** A step of a workflow model, in `ordre` (1, 2, ...). */
export const etape = pgTable(
  'etape',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    processModeleId: integer('process_modele_id')
      .notNull()
      .references(() => processModele.id, { onDelete: 'cascade' }),
    nom: text('nom').notNull(),
    ordre: integer('ordre').notNull(),
    config: jsonb('config').notNull().default({}),
  },
  (t) => [index('etape_modele_idx').on(t.processModeleId, t.ordre)],
);

/** A form field of a step (metrique); groups hold children through parent_id. */
export const metrique = pgTable(
  'metrique',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    processModeleId: integer('process_modele_id')
      .notNull()
      .references(() => processModele.id, { onDelete: 'cascade' }),
    etapeId: integer('etape_id')
      .notNull()
      .references(() => etape.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    nom: text('nom').notNull(),
    dataType: text('data_type').notNull(),
    idx: integer('idx').notNull(),
    idxLargeFormat: integer('idx_large_format'),
    hidden: boolean('hidden').notNull().default(false),
    required: boolean('required').notNull().default(false),
    propertyValues: jsonb('property_values').notNull().default({}),
    conditions: jsonb('conditions').notNull().default([]),
    references: jsonb('references'),
  },
  (t) => [index('metrique_etape_idx').on(t.etapeId, t.idx), index('metrique_modele_idx').on(t.processModeleId)],
);

/** Step authorisation rules: who may act on a step, and on which field conditions. */
export const etapeAutorisation = pgTable(
  'etape_autorisation',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    etapeId: integer('etape_id')
      .notNull()
      .references(() => etape.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    utilisateurId: integer('utilisateur_id').references(() => utilisateur.id, { onDelete: 'cascade' }),
    profilModeleId: integer('profil_modele_id').references(() => profilModele.id, { onDelete: 'cascade' }),
    serviceModeleId: integer('service_modele_id').references(() => serviceModele.id, { onDelete: 'cascade' }),
    test: jsonb('test'),
  },
  (t) => [index('etape_autorisation_etape_idx').on(t.etapeId)],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';
import { logiciel, tenant } from '../entreprise/entreprise.tables.ts';
import { activiteInstance, equipement } from '../equipement/equipement.tables.ts';
import { process } from '../process/process.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';

/** A gamme (S 63): a reading route (« Ronde compresseurs ») or a manoeuvre sheet, of one software flavour. Soft-deleted. */
export const gamme = pgTable(
  'gamme',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    logicielId: integer('logiciel_id')
      .notNull()
      .references(() => logiciel.id),
    libelle: text('libelle').notNull(),
    client: text('client'),
    /** Allotted duration, minutes. */
    duree: integer('duree'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    createdById: integer('created_by_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('gamme_entreprise_idx').on(t.entrepriseId, t.logicielId)],
);

/** A point of a gamme model (S 141): equipment + measured quantity, thresholds, order (idx, S 115). Soft-deleted. */
export const gammeModeleMetrique = pgTable(
  'gamme_modele_metrique',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    gammeId: integer('gamme_id')
      .notNull()
      .references(() => gamme.id),
    nom: text('nom').notNull(),
    dataType: text('data_type').notNull(),
    idx: integer('idx').notNull(),
    propertyValues: jsonb('property_values').$type<Record<string, unknown>>().notNull().default({}),
    equipementId: integer('equipement_id').references(() => equipement.id),
    unite: text('unite'),
    min: doublePrecision('min'),
    max: doublePrecision('max'),
    lowWarning: doublePrecision('low_warning'),
    highWarning: doublePrecision('high_warning'),
    obligatoire: boolean('obligatoire').notNull().default(false),
    workflowModelsToCreate: integer('workflow_models_to_create').array().notNull().default(sql`'{}'`),
    version: integer('version').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('gamme_modele_metrique_gamme_idx').on(t.gammeId, t.idx)],
);

/**
 * A captured value (relevé). `client_id` is made by the device: unique per company, so a round sent again is recorded
 * once. Never deleted: a cancellation keeps the row with who, when and why.
 */
export const releve = pgTable(
  'releve',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    clientId: uuid('client_id').notNull(),
    gammeId: integer('gamme_id')
      .notNull()
      .references(() => gamme.id),
    metriqueId: integer('metrique_id')
      .notNull()
      .references(() => gammeModeleMetrique.id),
    equipementId: integer('equipement_id')
      .notNull()
      .references(() => equipement.id),
    value: text('value'),
    valeurNumerique: doublePrecision('valeur_numerique'),
    niveau: text('niveau').notNull(),
    comment: text('comment'),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
    capturedById: integer('captured_by_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    activiteInstanceId: integer('activite_instance_id').references(() => activiteInstance.id),
    processId: integer('process_id').references(() => process.id),
    processesCreated: integer('processes_created').array().notNull().default(sql`'{}'`),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledById: integer('cancelled_by_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    uniqueIndex('releve_client_uq').on(t.entrepriseId, t.clientId),
    index('releve_point_idx').on(t.equipementId, t.metriqueId, t.capturedAt, t.id).where(sql`cancelled_at IS NULL`),
    index('releve_equipement_idx').on(t.equipementId, t.capturedAt),
  ],
);

/** A manoeuvre state (Ouvert, Fermé…): the company's (gamme_id null) or one gamme's. Soft-deleted. */
export const etatManoeuvreModele = pgTable(
  'etat_manoeuvre_modele',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    gammeId: integer('gamme_id').references(() => gamme.id),
    libelle: text('libelle').notNull(),
    couleur: text('couleur'),
    idx: integer('idx').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('etat_manoeuvre_modele_idx').on(t.entrepriseId, t.idx)],
);

/** The header of a gamme's manoeuvre sheet (one per gamme). */
export const manoeuvreModele = pgTable(
  'manoeuvre_modele',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    gammeId: integer('gamme_id')
      .notNull()
      .references(() => gamme.id),
    typeManoeuvre: text('type_manoeuvre'),
    consignes: text('consignes'),
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('manoeuvre_modele_gamme_uq').on(t.gammeId)],
);

/** A line of a manoeuvre sheet: numbered 1..n per gamme (unique, checked at the end of each statement). */
export const mmManoeuvre = pgTable(
  'mm_manoeuvre',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    gammeId: integer('gamme_id')
      .notNull()
      .references(() => gamme.id),
    numero: integer('numero').notNull(),
    poste: text('poste'),
    equipementId: integer('equipement_id').references(() => equipement.id),
    appareil: text('appareil'),
    operation: text('operation'),
    etatManoeuvreId: integer('etat_manoeuvre_id').references(() => etatManoeuvreModele.id),
    observations: text('observations'),
    version: integer('version').notNull().default(0),
  },
  (t) => [unique('mm_manoeuvre_numero_uq').on(t.gammeId, t.numero)],
);

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';
import { tenant } from '../entreprise/entreprise.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';

/**
 * The equipment registry (« Installation » by default): one tree per company. `path` holds the ids from the root down
 * to the node itself, so a subtree is `path @> ARRAY[id]` (GIN index) and re-parenting rewrites the moved subtree's
 * prefix in one statement. A deleted node is kept (safety records point at it) with `deleted_at` set.
 */
export const equipement = pgTable(
  'equipement',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    parentId: integer('parent_id').references((): AnyPgColumn => equipement.id),
    path: integer('path').array().notNull(),
    /** Generated: cardinality(path) (migration 0018), the first key of the tree order. */
    depth: integer('depth').generatedAlwaysAs(sql`cardinality(path)`),
    idx: integer('idx').notNull().default(0),
    /** `equipment` (an item of the registry) or `article` (a stock article placed in the tree, module C). */
    type: text('type').notNull().default('equipment'),
    name: text('name').notNull(),
    /** Generated: app_search_key(name || number) (migration 0017), the accent- and case-free search key. */
    nameRecherche: text('name_recherche').generatedAlwaysAs(sql`app_search_key(name || ' ' || coalesce(number, ''))`),
    number: text('number'),
    rfid: text('rfid'),
    unit: text('unit'),
    comment: text('comment'),
    articleId: integer('article_id'),
    /** Geographic position (`geoData`): latitude and longitude, or null. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The location (plan) it stands on, and its marker on that plan (x, y in 0..1 of the image). */
    localisationId: integer('localisation_id'),
    markerX: doublePrecision('marker_x'),
    markerY: doublePrecision('marker_y'),
    /** `status`: the initial state or the in-progress state (S 102). */
    status: text('status').notNull().default('initial'),
    etatInitial: text('etat_initial'),
    etatEnCours: text('etat_en_cours'),
    /** Associated gamme type (a gamme of the company, module gamme). */
    gammeId: integer('gamme_id'),
    icon: text('icon'),
    color: text('color'),
    text1: text('text1'),
    text2: text('text2'),
    text3: text('text3'),
    text4: text('text4'),
    /** Voltage domain of an electrical equipment (TBT, BT, HTA, HTB) or null: decides B vs H symbols (module D). */
    domaineTension: text('domaine_tension'),
    hideRisquesParent: boolean('hide_risques_parent').notNull().default(false),
    displayPrevious: boolean('display_previous').notNull().default(false),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    createdById: integer('created_by_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('equipement_parent_idx').on(t.entrepriseId, t.parentId, t.idx),
    index('equipement_path_gin').using('gin', t.path),
    index('equipement_tree_idx').on(t.entrepriseId, t.depth, t.parentId.asc().nullsFirst(), t.idx, t.id).where(sql`deleted_at IS NULL`),
    index('equipement_localisation_idx').on(t.localisationId).where(sql`localisation_id IS NOT NULL`),
  ],
);

/** The four free text fields of equipment: their label, data type and options, per company (S 51). */
export const equipementChamp = pgTable(
  'equipement_champ',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    /** text1 … text4 */
    code: text('code').notNull(),
    libelle: text('libelle').notNull(),
    dataType: text('data_type').notNull().default('text'),
    options: jsonb('options').notNull().default([]),
  },
  (t) => [uniqueIndex('equipement_champ_uq').on(t.entrepriseId, t.code)],
);

/** Isolation points of an equipment (domain.md §1.8): what a lockout separates, locks and verifies. */
export const equipementPointIsolement = pgTable(
  'equipement_point_isolement',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    equipementId: integer('equipement_id')
      .notNull()
      .references(() => equipement.id),
    idx: integer('idx').notNull().default(0),
    /** Marker shown on site (« Q12 », « V-204 »). */
    repere: text('repere').notNull(),
    /** electrique, pneumatique, hydraulique, mecanique, thermique, chimique, gravitaire, fluide */
    energie: text('energie').notNull(),
    /** The separating device (« Sectionneur Q12 du TGBT atelier »). */
    dispositif: text('dispositif').notNull(),
    /** Required position (« ouvert », « fermé », « débroché », « à la terre »). */
    positionRequise: text('position_requise').notNull(),
    /** Locking means (« cadenas + pince multi-consignation »). */
    moyenCondamnation: text('moyen_condamnation'),
    /** Verification method (« VAT au VAT bipolaire », « manomètre à zéro »). */
    methodeVerification: text('methode_verification'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('equipement_point_isolement_eq_idx').on(t.equipementId, t.idx)],
);

/** Activities of an equipment (maintenance tasks: « Graissage des paliers », « Contrôle thermographique »). */
export const equipementActivite = pgTable(
  'equipement_activite',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    equipementId: integer('equipement_id')
      .notNull()
      .references(() => equipement.id),
    libelle: text('libelle').notNull(),
    description: text('description'),
    /** Recurrence in days, or null for a one-off activity. */
    periodiciteJours: integer('periodicite_jours'),
    idx: integer('idx').notNull().default(0),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('equipement_activite_eq_idx').on(t.equipementId, t.idx)],
);

/** An occurrence of an activity (`objectActiviteId` → the activity): progress, completion, validation (S 51, S 102). */
export const activiteInstance = pgTable(
  'activite_instance',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    objectActiviteId: integer('object_activite_id')
      .notNull()
      .references(() => equipementActivite.id),
    equipementId: integer('equipement_id')
      .notNull()
      .references(() => equipement.id),
    datePrevue: date('date_prevue'),
    progression: integer('progression').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    validated: boolean('validated').notNull().default(false),
    commentaire: text('commentaire'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    validatedById: integer('validated_by_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activite_instance_eq_idx').on(t.equipementId, t.datePrevue),
    index('activite_instance_activite_idx').on(t.objectActiviteId),
  ],
);

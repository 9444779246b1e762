import { type AnyPgColumn, doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';
import { tenant } from '../entreprise/entreprise.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';

/**
 * A location (zone, building, room) of a company: optional parent, a plan image stored like the processes' files
 * (bytes under the files directory, path and kind here), an optional geographic position. Equipment points at it
 * (`equipement.localisation_id`); it is soft-deleted, and refused while equipment stands on it.
 */
export const localisation = pgTable(
  'localisation',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    parentId: integer('parent_id').references((): AnyPgColumn => localisation.id),
    libelle: text('libelle').notNull(),
    description: text('description'),
    couleur: text('couleur'),
    icon: text('icon'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    idx: integer('idx').notNull().default(0),
    version: integer('version').notNull().default(0),
    imageNom: text('image_nom'),
    imageMime: text('image_mime'),
    imageTaille: integer('image_taille'),
    imageChemin: text('image_chemin'),
    imageUploadedAt: timestamp('image_uploaded_at', { withTimezone: true }),
    createdAt: createdAt(),
    createdById: integer('created_by_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('localisation_entreprise_idx').on(t.entrepriseId, t.idx)],
);

/** A free marker of a location's plan (« Point de rassemblement », « Extincteur »): x, y in 0..1 of the image. */
export const localisationMarker = pgTable(
  'localisation_marker',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    localisationId: integer('localisation_id')
      .notNull()
      .references(() => localisation.id, { onDelete: 'cascade' }),
    libelle: text('libelle').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    couleur: text('couleur'),
    icon: text('icon'),
    idx: integer('idx').notNull().default(0),
  },
  (t) => [index('localisation_marker_localisation_idx').on(t.localisationId, t.idx)],
);

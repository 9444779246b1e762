import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';

/** The tenant column of every company-scoped table: the company the row belongs to (row-level security reads it). */
export const tenant = () =>
  integer('entreprise_id')
    .notNull()
    .references(() => entreprise.id, { onDelete: 'cascade' });

/** Software flavours: a system-wide reference list (no tenant). */
export const logiciel = pgTable('logiciel', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  libelle: text('libelle').notNull(),
  idx: integer('idx').notNull().default(0),
});

/** A company. Its row is its own tenant: RLS compares `id` with the request's company. */
export const entreprise = pgTable('entreprise', {
  id: serial('id').primaryKey(),
  nom: text('nom').notNull(),
  locked: boolean('locked').notNull().default(false),
  authTypes: text('auth_types').array().notNull().default(sql`'{password}'::text[]`),
  idx: integer('idx').notNull().default(0),
  eu: boolean('eu').notNull().default(false),
  setting: jsonb('setting').notNull().default({}),
  evaluationSetting: jsonb('evaluation_setting').notNull().default({}),
  affectation: jsonb('affectation').notNull().default({}),
  /** On the v2 (decentralised) permission model; an account that is not may manage everything of its company. */
  permissionsV2: boolean('permissions_v2').notNull().default(true),
  /** Bumped by every change of menu or permissions: keys the cache of computed rights. */
  permissionVersion: integer('permission_version').notNull().default(0),
  createdAt: createdAt(),
});

export const entrepriseLogiciel = pgTable(
  'entreprise_logiciel',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    logicielId: integer('logiciel_id')
      .notNull()
      .references(() => logiciel.id),
    active: boolean('active').notNull().default(false),
    enable: boolean('enable').notNull().default(false),
    setting: jsonb('setting').notNull().default({}),
  },
  (t) => [uniqueIndex('entreprise_logiciel_uq').on(t.entrepriseId, t.logicielId)],
);

/** An external company (partenaire) working for a client company (entreprise_id). */
export const entrepriseRelation = pgTable(
  'entreprise_relation',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    partenaireId: integer('partenaire_id')
      .notNull()
      .references(() => entreprise.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
  },
  (t) => [
    uniqueIndex('entreprise_relation_uq').on(t.entrepriseId, t.partenaireId),
    index('entreprise_relation_partenaire_idx').on(t.partenaireId),
  ],
);

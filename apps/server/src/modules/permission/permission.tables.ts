import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { logiciel, tenant } from '../entreprise/entreprise.tables.ts';
import { profilModele } from '../profil/profil.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';

/** A company's menu entry, per software (null: every software); a tree by parent_id. */
export const menuItem = pgTable(
  'menu_item',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    parentId: integer('parent_id'),
    slug: text('slug').notNull(),
    libelle: text('libelle').notNull(),
    icon: text('icon'),
    logicielId: integer('logiciel_id').references(() => logiciel.id),
    subject: text('subject'),
    hidden: boolean('hidden').notNull().default(false),
    isEe: boolean('is_ee').notNull().default(false),
    idx: integer('idx').notNull().default(0),
  },
  (t) => [uniqueIndex('menu_item_slug_uq').on(t.entrepriseId, t.slug), index('menu_item_parent_idx').on(t.entrepriseId, t.parentId, t.idx)],
);

/** A permission entry: CRUD flags of a profile or a user on one item (menu item, workflow, board...). */
export const permission = pgTable(
  'permission',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    type: text('type').notNull(),
    itemId: integer('item_id').notNull(),
    profilModeleId: integer('profil_modele_id').references(() => profilModele.id, { onDelete: 'cascade' }),
    utilisateurId: integer('utilisateur_id').references(() => utilisateur.id, { onDelete: 'cascade' }),
    isEe: boolean('is_ee').notNull().default(false),
    permissions: jsonb('permissions').notNull().default({}),
    conditions: jsonb('conditions').notNull().default({}),
    idx: integer('idx').notNull().default(0),
  },
  (t) => [
    uniqueIndex('permission_target_uq').on(
      t.entrepriseId,
      t.type,
      t.itemId,
      sql`coalesce(${t.profilModeleId}, 0)`,
      sql`coalesce(${t.utilisateurId}, 0)`,
      t.isEe,
    ),
    index('permission_holder_idx').on(t.entrepriseId, t.profilModeleId, t.utilisateurId),
  ],
);

/** Equipment permissions, a set of their own (equipement_id null: every equipment). */
export const equipmentPermission = pgTable('equipment_permission', {
  id: serial('id').primaryKey(),
  entrepriseId: tenant(),
  equipementId: integer('equipement_id'),
  profilModeleId: integer('profil_modele_id').references(() => profilModele.id, { onDelete: 'cascade' }),
  utilisateurId: integer('utilisateur_id').references(() => utilisateur.id, { onDelete: 'cascade' }),
  isEe: boolean('is_ee').notNull().default(false),
  permissions: jsonb('permissions').notNull().default({}),
  idx: integer('idx').notNull().default(0),
});

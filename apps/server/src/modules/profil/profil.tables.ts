import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { logiciel } from '../entreprise/entreprise.tables.ts';

/** Profile models: a system-wide reference list. */
export const profilModele = pgTable('profil_modele', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  libelle: text('libelle').notNull(),
  type: text('type').notNull().default('client'),
  idx: integer('idx').notNull().default(0),
});

export const profilModeleLogiciel = pgTable(
  'profil_modele_logiciel',
  {
    id: serial('id').primaryKey(),
    profilModeleId: integer('profil_modele_id')
      .notNull()
      .references(() => profilModele.id, { onDelete: 'cascade' }),
    logicielId: integer('logiciel_id')
      .notNull()
      .references(() => logiciel.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('profil_modele_logiciel_uq').on(t.profilModeleId, t.logicielId)],
);

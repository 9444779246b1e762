import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { tenant } from '../entreprise/entreprise.tables.ts';

export const entrepriseGroupe = pgTable('entreprise_groupe', {
  id: serial('id').primaryKey(),
  entrepriseId: tenant(),
  nom: text('nom').notNull(),
  utilisateurIds: integer('utilisateur_ids').array().notNull().default(sql`'{}'::integer[]`),
  prestataireIds: integer('prestataire_ids').array().notNull().default(sql`'{}'::integer[]`),
});

import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { tenant } from '../entreprise/entreprise.tables.ts';

export const serviceModele = pgTable(
  'service_modele',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    libelle: text('libelle').notNull(),
    type: text('type').notNull().default('client'),
    couleur: text('couleur'),
    idx: integer('idx').notNull().default(0),
  },
  (t) => [index('service_modele_entreprise_idx').on(t.entrepriseId, t.type, t.idx)],
);

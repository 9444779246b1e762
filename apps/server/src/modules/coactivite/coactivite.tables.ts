import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenant } from '../entreprise/entreprise.tables.ts';
import { process } from '../process/process.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { processModele } from '../workflow/workflow.tables.ts';

/** A cell of the company's incompatibility matrix: an unordered pair of activities (a ≤ b), seeded by 0026. */
export const coactiviteIncompatibilite = pgTable(
  'coactivite_incompatibilite',
  {
    entrepriseId: tenant(),
    activiteA: text('activite_a').notNull(),
    activiteB: text('activite_b').notNull(),
    /** refus | cosignature | sequencement */
    decision: text('decision').notNull(),
    /** equipement | zone */
    portee: text('portee').notNull().default('zone'),
    motif: text('motif').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedById: integer('updated_by_id').references(() => utilisateur.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ name: 'coactivite_incompatibilite_pk', columns: [t.entrepriseId, t.activiteA, t.activiteB] }),
    check('coactivite_incompatibilite_ordre_ck', sql`(activite_a COLLATE "C") <= (activite_b COLLATE "C")`),
  ],
);

/** The activities a workflow's processes carry (a source of activities besides the lockout type). */
export const coactiviteWorkflowActivite = pgTable('coactivite_workflow_activite', {
  processModeleId: integer('process_modele_id')
    .primaryKey()
    .references(() => processModele.id, { onDelete: 'cascade' }),
  entrepriseId: tenant(),
  activites: text('activites').array().notNull(),
});

/**
 * A conflict found between a process and an earlier one (`processId` is the later one, which the decision refuses,
 * makes co-sign or makes wait), with its co-signature. One row per pair; kept when the conflict is lifted.
 */
export const coactiviteConflit = pgTable(
  'coactivite_conflit',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    processId: integer('process_id')
      .notNull()
      .references(() => process.id, { onDelete: 'cascade' }),
    autreProcessId: integer('autre_process_id')
      .notNull()
      .references(() => process.id, { onDelete: 'cascade' }),
    decision: text('decision').notNull(),
    paires: jsonb('paires').notNull().default([]),
    lieu: text('lieu').notNull(),
    debut: timestamp('debut', { withTimezone: true }),
    fin: timestamp('fin', { withTimezone: true }),
    pourquoi: text('pourquoi').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
    cosigneParId: integer('cosigne_par_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    cosigneNom: text('cosigne_nom'),
    cosigneAt: timestamp('cosigne_at', { withTimezone: true }),
    cosigneHash: text('cosigne_hash'),
    commentaire: text('commentaire'),
  },
  (t) => [
    uniqueIndex('coactivite_conflit_uq').on(t.processId, t.autreProcessId),
    check('coactivite_conflit_paire_ck', sql`process_id > autre_process_id`),
    index('coactivite_conflit_autre_idx').on(t.autreProcessId),
  ],
);

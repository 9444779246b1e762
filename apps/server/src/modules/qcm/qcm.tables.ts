import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';
import { tenant } from '../entreprise/entreprise.tables.ts';
import { process } from '../process/process.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';

/** A quiz definition (D.1 `qcm`): the habilitation symbols it evaluates; withdrawn, never deleted (migration 0022). */
export const qcm = pgTable(
  'qcm',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    libelle: text('libelle').notNull(),
    symboles: text('symboles').array().notNull().default([]),
    actif: boolean('actif').notNull().default(true),
    createdAt: createdAt(),
    createdById: integer('created_by_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('qcm_entreprise_idx').on(t.entrepriseId)],
);

/** A question of the bank; its image is stored like the processes' files (bytes under the files folder). */
export const qcmQuestion = pgTable(
  'qcm_question',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    qcmId: integer('qcm_id')
      .notNull()
      .references(() => qcm.id),
    texte: text('texte').notNull(),
    multiple: boolean('multiple').notNull().default(false),
    eliminatoire: boolean('eliminatoire').notNull().default(false),
    points: doublePrecision('points').notNull().default(1),
    idx: integer('idx').notNull().default(0),
    imageNom: text('image_nom'),
    imageMime: text('image_mime'),
    imageTaille: integer('image_taille'),
    imageChemin: text('image_chemin'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('qcm_question_qcm_idx').on(t.qcmId, t.idx)],
);

export const qcmReponse = pgTable(
  'qcm_reponse',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    questionId: integer('question_id')
      .notNull()
      .references(() => qcmQuestion.id),
    texte: text('texte').notNull(),
    correcte: boolean('correcte').notNull().default(false),
    idx: integer('idx').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('qcm_reponse_question_idx').on(t.questionId, t.idx)],
);

/** What an attempt was asked: the drawn questions with their answers and which are right (never sent before the end). */
export interface Sujet {
  questions: {
    id: number;
    texte: string;
    image: string | null;
    multiple: boolean;
    eliminatoire: boolean;
    points: number;
    reponses: { id: number; texte: string; correcte: boolean }[];
  }[];
}

/** An attempt (D.1 `habilitation_evaluation`): drawn questions, clock, method and pass mark, result once submitted. */
export const habilitationEvaluation = pgTable(
  'habilitation_evaluation',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    qcmId: integer('qcm_id')
      .notNull()
      .references(() => qcm.id),
    utilisateurId: integer('utilisateur_id')
      .notNull()
      .references(() => utilisateur.id),
    processId: integer('process_id').references(() => process.id),
    startedById: integer('started_by_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    seed: integer('seed').notNull(),
    questionIds: integer('question_ids').array().notNull(),
    sujet: jsonb('sujet').$type<Sujet>().notNull(),
    methodCode: text('method_code').notNull(),
    seuilReussite: doublePrecision('seuil_reussite').notNull(),
    score: doublePrecision('score'),
    max: doublePrecision('max'),
    percent: doublePrecision('percent'),
    reussi: boolean('reussi'),
    eliminatoireManquee: boolean('eliminatoire_manquee'),
  },
  (t) => [
    index('habilitation_evaluation_entreprise_idx').on(t.entrepriseId, t.startedAt.desc(), t.id.desc()),
    index('habilitation_evaluation_utilisateur_idx').on(t.utilisateurId, t.startedAt.desc()),
  ],
);

/** The ticked answers of one question of an attempt: one row per (attempt, question), replaced when sent again. */
export const habilitationEvaluationAnswer = pgTable(
  'habilitation_evaluation_answer',
  {
    entrepriseId: tenant(),
    evaluationId: integer('evaluation_id')
      .notNull()
      .references(() => habilitationEvaluation.id),
    questionId: integer('question_id')
      .notNull()
      .references(() => qcmQuestion.id),
    reponseIds: integer('reponse_ids').array().notNull().default([]),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'habilitation_evaluation_answer_pk', columns: [t.evaluationId, t.questionId] })],
);

import { z } from 'zod';
import { ref, target, targets } from '../common/references.ts';
import { Abilities, Paging, paged, TEXT_MAX } from '../common/schemas.ts';
import { EvaluationSetting, EvaluationSettingChanges } from '../entreprise-setting/entreprise-setting.schema.ts';
import { METHOD_CODES } from './qcm-rules.ts';

const Libelle = z.string().trim().min(1, 'Le libellé est obligatoire').max(TEXT_MAX.name);
/** A habilitation symbol code of the company's catalogue (B1V, B2V, BC, H0V, BE Manœuvre…): letters, digits, spaces. */
export const SymboleCode = z
  .string()
  .trim()
  .min(1, 'Symbole vide')
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 éèêÉÈÊœŒ'’-]*$/, 'Symbole invalide (lettres, chiffres, espaces)');
export const MethodCode = z.enum(METHOD_CODES, { message: 'Méthode de notation inconnue' });
export type MethodCode = z.infer<typeof MethodCode>;

// ---------------------------------------------------------------- the bank

/** An answer of a question; `correcte` only for the bank's editors (and in a result, after submission). */
export const QcmReponse = z.object({
  id: z.number().int(),
  texte: z.string(),
  correcte: z.boolean().optional(),
  idx: z.number().int(),
});
export type QcmReponse = z.infer<typeof QcmReponse>;

/** A question of the bank (D.1): text, optional image, single or multiple answers, points, eliminatory flag. */
export const QcmQuestion = z.object({
  id: z.number().int(),
  qcmId: z.number().int(),
  texte: z.string(),
  /** Path of its image (GET, the same session) or null. */
  image: z.string().nullable(),
  multiple: z.boolean(),
  eliminatoire: z.boolean(),
  points: z.number(),
  idx: z.number().int(),
  reponses: z.array(QcmReponse),
});
export type QcmQuestion = z.infer<typeof QcmQuestion>;

/**
 * A quiz definition (D.1 `qcm`): the symbols it evaluates and its questions. The bank's readers get the questions (the
 * editors with the right answers); a person who only takes quizzes gets the quiz without its questions (`nbQuestions`).
 */
export const Qcm = z.object({
  id: z.number().int(),
  libelle: z.string(),
  symboles: z.array(z.string()),
  actif: z.boolean(),
  nbQuestions: z.number().int(),
  nbEliminatoires: z.number().int(),
  questions: z.array(QcmQuestion),
  abilities: Abilities.optional(),
});
export type Qcm = z.infer<typeof Qcm>;

/** save: creates without `id`, else updates. */
export const QcmSave = z.object({
  id: target().optional(),
  libelle: Libelle,
  symboles: z.array(SymboleCode).max(30, '30 symboles au plus').default([]),
  actif: z.boolean().default(true),
});
export type QcmSave = z.input<typeof QcmSave>;

const ReponseInput = z.object({
  /** An answer of this question (kept, with its id, so past attempts still read it); new without id. */
  id: target().optional(),
  texte: z.string().trim().min(1, 'Le texte de la réponse est obligatoire').max(TEXT_MAX.comment),
  correcte: z.boolean(),
});

/**
 * Creates (no `id`, in `qcmId`, at the end) or replaces a question with its answers: at least two answers, at least one
 * right, exactly one for a single-answer question. Answers left out are withdrawn (kept for past attempts).
 */
export const QcmQuestionSave = z
  .object({
    id: target().optional(),
    qcmId: target(),
    texte: z.string().trim().min(1, 'Le texte de la question est obligatoire').max(TEXT_MAX.comment),
    multiple: z.boolean().default(false),
    eliminatoire: z.boolean().default(false),
    points: z.number().finite().min(0.5, 'Au moins 0,5 point').max(100, '100 points au plus').default(1),
    reponses: z.array(ReponseInput).min(2, 'Au moins deux réponses').max(12, '12 réponses au plus'),
  })
  .superRefine((q, ctx) => {
    const right = q.reponses.filter((r) => r.correcte).length;
    if (right === 0) ctx.addIssue({ code: 'custom', message: 'Au moins une bonne réponse.', path: ['reponses'] });
    if (!q.multiple && right > 1)
      ctx.addIssue({ code: 'custom', message: 'Une seule bonne réponse pour une question à réponse unique.', path: ['reponses'] });
    const ids = q.reponses.flatMap((r) => (r.id === undefined ? [] : [r.id]));
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: 'Réponse en double.', path: ['reponses'] });
  });
export type QcmQuestionSave = z.input<typeof QcmQuestionSave>;

/** The questions of a quiz in this order. */
export const QcmQuestionArrange = z.object({ qcmId: target(), ids: targets().min(1).max(1000) });

// ---------------------------------------------------------------- settings

/** The company's evaluation settings (one source with `evaluationSetting` of the company settings, S 41). */
export const HabilitationEvaluationSetting = EvaluationSetting;
export type HabilitationEvaluationSetting = z.infer<typeof HabilitationEvaluationSetting>;
export const HabilitationEvaluationSettingSave = EvaluationSettingChanges.refine((v) => Object.values(v).some((x) => x !== undefined), {
  message: 'Aucune modification demandée.',
});

// ---------------------------------------------------------------- attempts

export const EVALUATION_STATUTS = ['en_cours', 'soumise', 'expiree'] as const;

/** A drawn question as the person taking the quiz sees it: never which answers are right. */
export const EvaluationQuestion = z.object({
  id: z.number().int(),
  texte: z.string(),
  image: z.string().nullable(),
  multiple: z.boolean(),
  points: z.number(),
  eliminatoire: z.boolean(),
  reponses: z.array(z.object({ id: z.number().int(), texte: z.string() })),
});
export type EvaluationQuestion = z.infer<typeof EvaluationQuestion>;

/** An attempt (D.1 `habilitation_evaluation`); `questions` and `reponses` only when one attempt is returned. */
export const HabilitationEvaluation = z.object({
  id: z.number().int(),
  qcmId: z.number().int(),
  qcmLibelle: z.string(),
  utilisateurId: z.number().int(),
  utilisateurNom: z.string(),
  processId: z.number().int().nullable(),
  startedAt: z.string(),
  deadline: z.string(),
  submittedAt: z.string().nullable(),
  statut: z.enum(EVALUATION_STATUTS),
  methodCode: MethodCode,
  seuilReussite: z.number(),
  nbQuestions: z.number().int(),
  /** Filled once submitted (or expired). */
  score: z.number().nullable(),
  max: z.number().nullable(),
  percent: z.number().nullable(),
  reussi: z.boolean().nullable(),
  questions: z.array(EvaluationQuestion).optional(),
  /** The answers recorded so far: question id → ticked answer ids. */
  reponses: z.array(z.object({ questionId: z.number().int(), reponseIds: z.array(z.number().int()), answeredAt: z.string() })).optional(),
});
export type HabilitationEvaluation = z.infer<typeof HabilitationEvaluation>;

/** get_all (tsv 2): the company's quizzes and the caller's attempts. */
export const QcmEvaluationAll = z.object({
  qcms: z.array(Qcm),
  evaluations: z.array(HabilitationEvaluation),
  setting: HabilitationEvaluationSetting,
});
export type QcmEvaluationAll = z.infer<typeof QcmEvaluationAll>;

/** add (tsv 3): starts an attempt of `utilisateurId` (oneself, unless the caller edits the bank). */
export const HabilitationEvaluationAdd = z.object({
  qcmId: target(),
  utilisateurId: ref('utilisateur'),
  processId: ref('process').nullable().optional(),
});
export type HabilitationEvaluationAdd = z.input<typeof HabilitationEvaluationAdd>;

/** update (tsv 4): `submit: true` finishes the attempt (refused after its time limit). */
export const HabilitationEvaluationUpdate = z.object({
  id: target(),
  submit: z.literal(true, { message: 'Seule la soumission (submit: true) est possible.' }),
});

/** answer/set (tsv 5): the ticked answers of one drawn question; sent again, it replaces them (one row per question). */
export const HabilitationEvaluationAnswerSet = z.object({
  evaluationId: target(),
  questionId: target(),
  reponseIds: targets().max(12),
});
export type HabilitationEvaluationAnswerSet = z.input<typeof HabilitationEvaluationAnswerSet>;
export const HabilitationEvaluationAnswer = z.object({
  evaluationId: z.number().int(),
  questionId: z.number().int(),
  reponseIds: z.array(z.number().int()),
  answeredAt: z.string(),
});

/** get_score (tsv 8): `methodCode` absent → the attempt's own. */
export const HabilitationEvaluationGetScore = z.object({ evaluationId: target(), methodCode: MethodCode.optional() });
export const EvaluationScore = z.object({
  evaluationId: z.number().int(),
  methodCode: MethodCode,
  seuilReussite: z.number(),
  score: z.number(),
  max: z.number(),
  percent: z.number(),
  reussi: z.boolean(),
  eliminatoireManquee: z.boolean(),
  parQuestion: z.array(
    z.object({
      questionId: z.number().int(),
      score: z.number(),
      max: z.number(),
      juste: z.boolean(),
      eliminatoire: z.boolean(),
      reponseIds: z.array(z.number().int()),
      bonnesReponseIds: z.array(z.number().int()),
    }),
  ),
});
export type EvaluationScore = z.infer<typeof EvaluationScore>;

/** The managers' list of attempts (S 17), newest first. */
export const HabilitationEvaluationPageQuery = Paging.extend({
  utilisateurId: ref('utilisateur').optional(),
  qcmId: target().optional(),
});
export const HabilitationEvaluationPage = paged(HabilitationEvaluation);
export type HabilitationEvaluationPage = z.infer<typeof HabilitationEvaluationPage>;

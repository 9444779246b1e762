import { z } from 'zod';
import { accessOn, endpoint } from '../common/endpoint.ts';
import { IdParams, Ok } from '../common/schemas.ts';
import {
  EvaluationScore,
  HabilitationEvaluation,
  HabilitationEvaluationAdd,
  HabilitationEvaluationAnswer,
  HabilitationEvaluationAnswerSet,
  HabilitationEvaluationGetScore,
  HabilitationEvaluationPage,
  HabilitationEvaluationPageQuery,
  HabilitationEvaluationSetting,
  HabilitationEvaluationSettingSave,
  HabilitationEvaluationUpdate,
  Qcm,
  QcmEvaluationAll,
  QcmQuestion,
  QcmQuestionArrange,
  QcmQuestionSave,
  QcmSave,
} from './qcm.schema.ts';

const tag = 'QCM et évaluations';
const qcm = accessOn('Qcm');
/** Taking a quiz is everyone's (menu « Évaluations »): the handler lets a person act on their own attempts only. */
const everyone = { kind: 'session' } as const;
/** The attempts of everyone: the bank's readers and those who issue habilitation titles (S 17, evaluation list). */
const evaluationReaders = { kind: 'anyAbility', of: [qcm.read, { action: 'create', subject: 'Habilitation' }] } as const;

export const qcmEndpoints = {
  // ------------------------------------------------------------ tsv 2–8 (S 135)
  getAll: endpoint({
    method: 'GET',
    path: '/api/qcm/evaluation/get_all',
    summary: "QCM de l'entreprise (questions pour leurs lecteurs, bonnes réponses pour leurs éditeurs) et évaluations de l'appelant",
    tag,
    response: QcmEvaluationAll,
    access: everyone,
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/habilitation_evaluation/add',
    summary:
      "Commencer une évaluation : questions tirées, jamais les bonnes réponses (la sienne, ou d'une autre personne pour un éditeur des QCM)",
    tag,
    body: HabilitationEvaluationAdd,
    response: HabilitationEvaluation,
    access: everyone,
  }),
  update: endpoint({
    method: 'POST',
    path: '/api/habilitation_evaluation/update',
    summary: 'Soumettre son évaluation (refusé après le temps imparti)',
    tag,
    body: HabilitationEvaluationUpdate,
    response: HabilitationEvaluation,
    access: everyone,
  }),
  answerSet: endpoint({
    method: 'POST',
    path: '/api/habilitation_evaluation_answer/set',
    summary: 'Répondre à une question tirée (renvoyée, la réponse remplace la précédente ; refusé après soumission ou délai)',
    tag,
    body: HabilitationEvaluationAnswerSet,
    response: HabilitationEvaluationAnswer,
    access: everyone,
  }),
  settingSave: endpoint({
    method: 'POST',
    path: '/api/habilitation_evaluation_setting/save',
    summary: "Paramètres des évaluations (seuil, nombre de questions, durée, méthode) : les mêmes que ceux de l'entreprise",
    tag,
    body: HabilitationEvaluationSettingSave,
    response: HabilitationEvaluationSetting,
    access: qcm.update,
  }),
  settingGet: endpoint({
    method: 'POST',
    path: '/api/habilitation_evaluation_setting/get',
    summary: "Paramètres des évaluations de l'entreprise",
    tag,
    response: HabilitationEvaluationSetting,
    access: everyone,
  }),
  getScore: endpoint({
    method: 'POST',
    path: '/api/habilitation_evaluation/get_score',
    summary: "Score d'une évaluation soumise ou expirée, par méthode (sa propre méthode sans methodCode)",
    tag,
    body: HabilitationEvaluationGetScore,
    response: EvaluationScore,
    access: everyone,
  }),

  // ------------------------------------------------------------ paths chosen (docs/DECISIONS.md, ticket 14)
  evaluation: endpoint({
    method: 'GET',
    path: '/api/habilitation_evaluation/get/{id}',
    summary: 'Une évaluation avec ses questions tirées et les réponses enregistrées (reprendre après un rechargement)',
    tag,
    params: IdParams,
    response: HabilitationEvaluation,
    access: everyone,
  }),
  evaluationPage: endpoint({
    method: 'GET',
    path: '/api/habilitation_evaluation/get_by_pagging',
    summary: 'Liste des évaluations (personne, QCM, date, score, réussite), les plus récentes en premier',
    tag,
    query: HabilitationEvaluationPageQuery,
    response: HabilitationEvaluationPage,
    access: evaluationReaders,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/qcm/save',
    summary: 'Créer (sans id) ou modifier un QCM (libellé, symboles évalués, actif)',
    tag,
    body: QcmSave,
    response: Qcm,
    access: { kind: 'anyAbility', of: [qcm.create, qcm.update] },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/qcm/delete/{id}',
    summary: 'Retirer un QCM (conservé pour les évaluations passées)',
    tag,
    params: IdParams,
    response: Ok,
    access: qcm.delete,
  }),
  questionSave: endpoint({
    method: 'POST',
    path: '/api/qcm/question/save',
    summary: 'Créer (sans id, à la fin) ou remplacer une question et ses réponses',
    tag,
    body: QcmQuestionSave,
    response: QcmQuestion,
    access: qcm.update,
  }),
  questionDelete: endpoint({
    method: 'DELETE',
    path: '/api/qcm/question/delete/{id}',
    summary: 'Retirer une question (conservée pour les évaluations passées)',
    tag,
    params: IdParams,
    response: Ok,
    access: qcm.update,
  }),
  questionArrange: endpoint({
    method: 'PUT',
    path: '/api/qcm/question/arrange',
    summary: "Ordonner les questions d'un QCM",
    tag,
    body: QcmQuestionArrange,
    response: z.array(QcmQuestion),
    access: qcm.update,
  }),
  questionImageUpload: endpoint({
    method: 'POST',
    path: '/api/qcm/question/{id}/image',
    summary: "Déposer l'image d'une question (multipart, champ « file » : PNG, JPEG ou WebP, 5 Mo au plus)",
    tag,
    params: IdParams,
    response: QcmQuestion,
    access: qcm.update,
  }),
  questionImage: endpoint({
    method: 'GET',
    path: '/api/qcm/question/{id}/image',
    summary: "L'image d'une question (lecteurs des QCM, ou personne à qui elle a été tirée)",
    tag,
    params: IdParams,
    response: z.unknown(),
    access: everyone,
  }),
};

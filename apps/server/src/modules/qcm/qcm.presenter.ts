import {
  abilitiesOn,
  type EvaluationQuestion,
  evaluationStatut,
  type HabilitationEvaluation,
  type MethodCode,
  type Qcm,
  type QcmQuestion,
} from '@app/contracts';
import type { Caller } from '../../platform/auth/caller.ts';
import { editsBank, readsBank } from './qcm.access.ts';
import type { AnswerRow, EvaluationRow, QcmRow, QuestionRow } from './qcm.repository.ts';
import type { Sujet } from './qcm.tables.ts';

/** A question of the bank; the right answers only for its editors. */
export function presentQuestion(q: QuestionRow, withAnswers: boolean): QcmQuestion {
  return {
    ...q,
    reponses: q.reponses.map((r) => (withAnswers ? r : { id: r.id, texte: r.texte, idx: r.idx })),
  };
}

/** A quiz as the caller may see it: questions for the bank's readers, right answers for its editors, none otherwise. */
export function presentQcm(caller: Caller, q: QcmRow, questions: QuestionRow[]): Qcm {
  const reads = readsBank(caller);
  const edits = editsBank(caller);
  return {
    id: q.id,
    libelle: q.libelle,
    symboles: q.symboles,
    actif: q.actif,
    nbQuestions: q.nbQuestions,
    nbEliminatoires: q.nbEliminatoires,
    questions: reads ? questions.filter((x) => x.qcmId === q.id).map((x) => presentQuestion(x, edits)) : [],
    abilities: abilitiesOn(caller.ability, 'Qcm', { id: q.id, entrepriseId: q.entrepriseId }),
  };
}

/** The drawn questions as the person taking the quiz sees them: never which answers are right. */
export function presentSujet(sujet: Sujet): EvaluationQuestion[] {
  return sujet.questions.map((q) => ({
    id: q.id,
    texte: q.texte,
    image: q.image,
    multiple: q.multiple,
    points: q.points,
    eliminatoire: q.eliminatoire,
    reponses: q.reponses.map((r) => ({ id: r.id, texte: r.texte })),
  }));
}

/** An attempt; `detail` adds its questions and recorded answers (one attempt returned). */
export function presentEvaluation(
  e: EvaluationRow,
  detail?: { sujet: Sujet; answers: AnswerRow[] },
  expiredScore?: { score: number; max: number; percent: number; reussi: boolean },
): HabilitationEvaluation {
  const statut = evaluationStatut(e.submittedAt ? Date.parse(e.submittedAt) : null, Date.parse(e.deadline), e.nowMs);
  const result = statut === 'soumise' ? { score: e.score, max: e.max, percent: e.percent, reussi: e.reussi } : expiredScore;
  return {
    id: e.id,
    qcmId: e.qcmId,
    qcmLibelle: e.qcmLibelle,
    utilisateurId: e.utilisateurId,
    utilisateurNom: e.utilisateurNom,
    processId: e.processId,
    startedAt: e.startedAt,
    deadline: e.deadline,
    submittedAt: e.submittedAt,
    statut,
    methodCode: e.methodCode as MethodCode,
    seuilReussite: e.seuilReussite,
    nbQuestions: e.questionIds.length,
    score: result?.score ?? null,
    max: result?.max ?? null,
    percent: result?.percent ?? null,
    reussi: result?.reussi ?? null,
    ...(detail
      ? {
          questions: presentSujet(detail.sujet),
          reponses: detail.answers.map((a) => ({ questionId: a.questionId, reponseIds: a.reponseIds, answeredAt: a.answeredAt })),
        }
      : {}),
  };
}

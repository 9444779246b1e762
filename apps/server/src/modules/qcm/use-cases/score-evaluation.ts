import { type EvaluationScore, evaluationStatut, type HabilitationEvaluation, type MethodCode, scoreAttempt } from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import { conflict } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { readableEvaluation } from '../qcm.access.ts';
import { presentEvaluation } from '../qcm.presenter.ts';
import { type AnswerRow, answersOf, type EvaluationRow, sujetOf, sujetsOf } from '../qcm.repository.ts';
import type { Sujet } from '../qcm.tables.ts';

/** Scores what an attempt was asked (its snapshot) against the answers recorded, by a method. */
export function scoreOf(sujet: Sujet, answers: AnswerRow[], method: MethodCode, seuilReussite: number) {
  return scoreAttempt(method, sujet.questions, new Map(answers.map((a) => [a.questionId, a.reponseIds])), seuilReussite);
}

const statutOf = (e: EvaluationRow) => evaluationStatut(e.submittedAt ? Date.parse(e.submittedAt) : null, Date.parse(e.deadline), e.nowMs);

/**
 * get_score (tsv 8): the result of a submitted attempt, or of an expired one (the answers recorded in time), by the
 * method asked or the attempt's own. An attempt in progress has no score yet (409): its right answers stay hidden.
 */
export async function getScore(ctx: Ctx, evaluationId: number, methodCode?: MethodCode): Promise<EvaluationScore> {
  const e = await readableEvaluation(ctx, evaluationId);
  if (statutOf(e) === 'en_cours') throw conflict("L'évaluation est en cours : son score est donné après la soumission.");
  const method = methodCode ?? (e.methodCode as MethodCode);
  const r = scoreOf(await sujetOf(ctx.tx, e.id), await answersOf(ctx.tx, [e.id]), method, e.seuilReussite);
  return { evaluationId: e.id, methodCode: method, seuilReussite: e.seuilReussite, ...r };
}

/** Attempts for a list: the expired ones get the score of the answers recorded in time (by their own method). */
export async function presentEvaluations(tx: Tx, rows: EvaluationRow[]): Promise<HabilitationEvaluation[]> {
  const expired = rows.filter((e) => statutOf(e) === 'expiree').map((e) => e.id);
  const sujets = await sujetsOf(tx, expired);
  const answers = await answersOf(tx, expired);
  return rows.map((e) => {
    const sujet = sujets.get(e.id);
    if (!sujet) return presentEvaluation(e);
    const r = scoreOf(
      sujet,
      answers.filter((a) => a.evaluationId === e.id),
      e.methodCode as MethodCode,
      e.seuilReussite,
    );
    return presentEvaluation(e, undefined, r);
  });
}

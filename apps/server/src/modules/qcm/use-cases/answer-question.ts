import { answerProblem, type HabilitationEvaluationAnswerSet, isPastDeadline } from '@app/contracts';
import type { z } from 'zod';
import { AppError, conflict } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { ownEvaluation } from '../qcm.access.ts';
import { type AnswerRow, sujetOf, upsertAnswer } from '../qcm.repository.ts';

/**
 * answer/set (tsv 5): records the ticked answers of one drawn question of the caller's own attempt. One row per
 * (attempt, question) (primary key): sent again, the answer replaces the previous one (the last one sent before the
 * submission counts), so a retried or doubled call counts once. Refused (409) once submitted or past the deadline on
 * the server's clock; refused (400) for a question not drawn in this attempt or an answer not of the question. The
 * attempt is read under a shared lock: answers go side by side, a submission waits for them and they for it.
 */
export async function answerQuestion(ctx: Ctx, body: z.output<typeof HabilitationEvaluationAnswerSet>): Promise<AnswerRow> {
  const e = await ownEvaluation(ctx, body.evaluationId, 'share');
  if (e.submittedAt) throw conflict('Évaluation déjà soumise : les réponses ne peuvent plus changer.');
  if (isPastDeadline(e.nowMs, Date.parse(e.deadline), true)) throw conflict("Temps écoulé : la réponse n'est plus acceptée.");
  const question = (await sujetOf(ctx.tx, e.id)).questions.find((q) => q.id === body.questionId);
  if (!question)
    throw new AppError('VALIDATION', "Cette question n'a pas été tirée pour cette évaluation.", [
      { champ: 'questionId', message: 'Question absente de cette évaluation' },
    ]);
  const reponseIds = [...new Set(body.reponseIds)];
  const problem = answerProblem(question, reponseIds);
  if (problem) throw new AppError('VALIDATION', problem, [{ champ: 'reponseIds', message: problem }]);
  return upsertAnswer(ctx.tx, { entrepriseId: e.entrepriseId, evaluationId: e.id, questionId: question.id, reponseIds });
}

import type { QcmQuestion, QcmQuestionArrange, QcmQuestionSave } from '@app/contracts';
import type { z } from 'zod';
import { AppError, foundOrThrow, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { qcmFor } from '../qcm.access.ts';
import { presentQuestion } from '../qcm.presenter.ts';
import {
  arrangeQuestions,
  findQuestion,
  insertQuestion,
  questionsOf,
  updateQuestion,
  withdrawQuestion,
  writeReponses,
} from '../qcm.repository.ts';

/**
 * Creates a question at the end of its quiz, or replaces one (text, kind, points, eliminatory flag, answers). An
 * answer sent with an id must be one of this question's; the answers left out are withdrawn. Attempts already
 * started keep their own snapshot: editing the bank never changes a past result.
 */
export async function saveQuestion(ctx: Ctx, body: z.output<typeof QcmQuestionSave>): Promise<QcmQuestion> {
  const { tx, caller } = ctx;
  await qcmFor(ctx, body.qcmId, 'update', true);
  const values = { texte: body.texte, multiple: body.multiple, eliminatoire: body.eliminatoire, points: body.points };
  let id = body.id;
  if (id === undefined) {
    if (body.reponses.some((r) => r.id !== undefined))
      throw new AppError('VALIDATION', 'Une nouvelle question ne reprend pas de réponse existante.', [
        { champ: 'reponses', message: 'Réponses sans id attendues' },
      ]);
    id = await insertQuestion(tx, { entrepriseId: caller.entrepriseId, qcmId: body.qcmId, ...values });
  } else {
    const current = await findQuestion(tx, caller.entrepriseId, id, true);
    if (!current || current.qcmId !== body.qcmId) throw notFound('Question introuvable dans ce QCM.');
    const known = new Set(current.reponses.map((r) => r.id));
    if (body.reponses.some((r) => r.id !== undefined && !known.has(r.id)))
      throw new AppError('VALIDATION', 'Réponse inconnue pour cette question.', [{ champ: 'reponses', message: 'Réponse inconnue' }]);
    await updateQuestion(tx, id, values);
  }
  await writeReponses(tx, caller.entrepriseId, id, body.reponses);
  return presentQuestion(foundOrThrow(await findQuestion(tx, caller.entrepriseId, id), 'Question introuvable.'), true);
}

/** Withdraws a question (attempts that drew it keep it). */
export async function deleteQuestion(ctx: Ctx, id: number) {
  const q = foundOrThrow(await findQuestion(ctx.tx, ctx.caller.entrepriseId, id, true), 'Question introuvable.');
  await qcmFor(ctx, q.qcmId, 'update', true);
  await withdrawQuestion(ctx.tx, id);
  return { message: 'Question retirée.', id };
}

/** Puts the questions of a quiz in the order given: every question of the quiz, each once. */
export async function arrangeQcmQuestions(ctx: Ctx, body: z.output<typeof QcmQuestionArrange>): Promise<QcmQuestion[]> {
  const { tx, caller } = ctx;
  await qcmFor(ctx, body.qcmId, 'update', true);
  const current = await questionsOf(tx, caller.entrepriseId, [body.qcmId]);
  const ids = new Set(current.map((q) => q.id));
  if (body.ids.length !== ids.size || new Set(body.ids).size !== ids.size || body.ids.some((id) => !ids.has(id)))
    throw new AppError('VALIDATION', 'Donnez chaque question du QCM une fois, dans le nouvel ordre.', [
      { champ: 'ids', message: `${ids.size} questions attendues` },
    ]);
  await arrangeQuestions(tx, body.qcmId, body.ids);
  return (await questionsOf(tx, caller.entrepriseId, [body.qcmId])).map((q) => presentQuestion(q, true));
}

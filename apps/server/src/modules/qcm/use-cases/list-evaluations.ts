import type { HabilitationEvaluation, HabilitationEvaluationPage, HabilitationEvaluationPageQuery, QcmEvaluationAll } from '@app/contracts';
import type { z } from 'zod';
import type { Ctx } from '../../../platform/http/route.ts';
import { readsBank } from '../qcm.access.ts';
import { presentEvaluation, presentQcm } from '../qcm.presenter.ts';
import { answersOf, evaluationPage, evaluationsOfPerson, listQcms, questionsOf, sujetOf } from '../qcm.repository.ts';
import { evaluationSettings } from './evaluation-settings.ts';
import { presentEvaluations } from './score-evaluation.ts';

/**
 * get_all (tsv 2): the company's quizzes as the caller may see them (the bank's readers: every quiz with its questions;
 * others: the active ones, without questions), the caller's own attempts (newest first) and the settings.
 */
export async function getAll(ctx: Ctx): Promise<QcmEvaluationAll> {
  const { tx, caller } = ctx;
  const reads = readsBank(caller);
  const qcms = await listQcms(tx, caller.entrepriseId, !reads);
  const questions = reads
    ? await questionsOf(
        tx,
        caller.entrepriseId,
        qcms.map((q) => q.id),
      )
    : [];
  return {
    qcms: qcms.map((q) => presentQcm(caller, q, questions)),
    evaluations: await presentEvaluations(tx, await evaluationsOfPerson(tx, caller.entrepriseId, caller.userId)),
    setting: await evaluationSettings(tx, caller.entrepriseId),
  };
}

/** One attempt with its drawn questions (never the right answers) and its recorded answers: to resume it. */
export async function getEvaluation(ctx: Ctx, e: Parameters<typeof presentEvaluation>[0]): Promise<HabilitationEvaluation> {
  const [withScore] = await presentEvaluations(ctx.tx, [e]);
  const detail = { sujet: await sujetOf(ctx.tx, e.id), answers: await answersOf(ctx.tx, [e.id]) };
  return {
    ...withScore,
    ...presentEvaluation(e, detail),
    score: withScore.score,
    max: withScore.max,
    percent: withScore.percent,
    reussi: withScore.reussi,
  };
}

/** The managers' list of attempts (S 17): person, quiz, date, score, pass, newest first. */
export async function listEvaluations(ctx: Ctx, q: z.output<typeof HabilitationEvaluationPageQuery>): Promise<HabilitationEvaluationPage> {
  const { items, total } = await evaluationPage(ctx.tx, ctx.caller.entrepriseId, q);
  return { items: await presentEvaluations(ctx.tx, items), total, offset: q.offset, perPage: q.perPage };
}

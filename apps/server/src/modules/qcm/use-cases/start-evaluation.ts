import { randomInt } from 'node:crypto';
import { drawQuestions, type HabilitationEvaluation, type HabilitationEvaluationAdd, SUBMIT_GRACE_SECONDS } from '@app/contracts';
import type { z } from 'zod';
import { AppError, conflict, foundOrThrow } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { editsBank } from '../qcm.access.ts';
import { presentEvaluation } from '../qcm.presenter.ts';
import {
  answersOf,
  findEvaluation,
  findQcm,
  insertEvaluation,
  lockStart,
  questionsOf,
  runningEvaluation,
  sujetOf,
} from '../qcm.repository.ts';
import type { Sujet } from '../qcm.tables.ts';
import { evaluationSettings } from './evaluation-settings.ts';

/**
 * add (tsv 3): starts an attempt of a person on an active quiz. A person starts their own; the bank's editors may
 * start one for someone else (who then takes it). The server draws the questions (every eliminatory one, then at
 * random up to the company's number), keeps a snapshot of them, and sets the deadline from the company's duration on
 * its own clock. A running attempt of the same person on the same quiz is returned instead of a second one (two
 * clicks, a reload), under a lock so two simultaneous starts make one attempt. The right answers are never sent.
 */
export async function startEvaluation(ctx: Ctx, body: z.output<typeof HabilitationEvaluationAdd>): Promise<HabilitationEvaluation> {
  const { tx, caller } = ctx;
  if (body.utilisateurId !== caller.userId && !editsBank(caller))
    throw new AppError('FORBIDDEN', 'Vous ne pouvez commencer une évaluation que pour vous-même.');
  // Every member of the company may take its active quizzes (menu « Évaluations »): no right on the bank needed.
  const q = foundOrThrow(await findQcm(tx, caller.entrepriseId, body.qcmId), 'QCM introuvable.');
  if (!q.actif) throw conflict('Ce QCM est désactivé : il ne peut pas être passé.');
  await lockStart(tx, body.utilisateurId, q.id);
  const running = await runningEvaluation(tx, caller.entrepriseId, body.utilisateurId, q.id, SUBMIT_GRACE_SECONDS);
  const id = running ?? (await draw(ctx, q.id, body.utilisateurId, body.processId ?? null));
  const e = foundOrThrow(await findEvaluation(tx, caller.entrepriseId, id), 'Évaluation introuvable.');
  return presentEvaluation(e, { sujet: await sujetOf(tx, id), answers: await answersOf(tx, [id]) });
}

async function draw(ctx: Ctx, qcmId: number, utilisateurId: number, processId: number | null): Promise<number> {
  const { tx, caller } = ctx;
  const setting = await evaluationSettings(tx, caller.entrepriseId);
  const bank = await questionsOf(tx, caller.entrepriseId, [qcmId]);
  const usable = bank.filter((x) => x.reponses.some((r) => r.correcte));
  if (!usable.length) throw conflict("Ce QCM n'a encore aucune question : il ne peut pas être passé.");
  const seed = randomInt(0, 2 ** 31 - 1);
  const ids = drawQuestions(usable, setting.nbQuestions, seed);
  const byId = new Map(usable.map((x) => [x.id, x]));
  const sujet: Sujet = {
    questions: ids.map((id) => {
      const x = byId.get(id) as (typeof usable)[number];
      return {
        id: x.id,
        texte: x.texte,
        image: x.image,
        multiple: x.multiple,
        eliminatoire: x.eliminatoire,
        points: x.points,
        reponses: x.reponses.map((r) => ({ id: r.id, texte: r.texte, correcte: r.correcte })),
      };
    }),
  };
  return insertEvaluation(tx, {
    entrepriseId: caller.entrepriseId,
    qcmId,
    utilisateurId,
    processId,
    startedById: caller.userId,
    dureeMinutes: setting.dureeMinutes,
    seed,
    questionIds: ids,
    sujet,
    methodCode: setting.methodCode,
    seuilReussite: setting.seuilReussite,
  });
}

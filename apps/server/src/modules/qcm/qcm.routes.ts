import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { API } from '@app/contracts';
import { notFound } from '../../platform/http/errors.ts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { readableEvaluation } from './qcm.access.ts';
import { answerQuestion } from './use-cases/answer-question.ts';
import { arrangeQcmQuestions, deleteQuestion, saveQuestion } from './use-cases/edit-questions.ts';
import { evaluationSettings, saveEvaluationSettings } from './use-cases/evaluation-settings.ts';
import { getAll, getEvaluation, listEvaluations } from './use-cases/list-evaluations.ts';
import { deleteQcm, saveQcm } from './use-cases/save-qcm.ts';
import { getScore } from './use-cases/score-evaluation.ts';
import { startEvaluation } from './use-cases/start-evaluation.ts';
import { submitEvaluation } from './use-cases/submit-evaluation.ts';
import { questionImageFor, uploadQuestionImage } from './use-cases/upload-question-image.ts';

const Q = API.qcm;

export const qcmRoutes: RouteDef[] = [
  route(Q.getAll, async (ctx) => getAll(ctx)),
  route(Q.add, async (ctx, { body }) => startEvaluation(ctx, body)),
  route(Q.update, async (ctx, { body }) => submitEvaluation(ctx, body.id)),
  route(Q.answerSet, async (ctx, { body }) => answerQuestion(ctx, body)),
  route(Q.settingSave, async (ctx, { body }) => saveEvaluationSettings(ctx, body)),
  route(Q.settingGet, async ({ tx, caller }) => evaluationSettings(tx, caller.entrepriseId)),
  route(Q.getScore, async (ctx, { body }) => getScore(ctx, body.evaluationId, body.methodCode)),

  route(Q.evaluation, async (ctx, { params }) => getEvaluation(ctx, await readableEvaluation(ctx, params.id))),
  route(Q.evaluationPage, async (ctx, { query }) => listEvaluations(ctx, query)),
  route(Q.save, async (ctx, { body }) => saveQcm(ctx, body)),
  route(Q.delete, async (ctx, { params }) => deleteQcm(ctx, params.id)),
  route(Q.questionSave, async (ctx, { body }) => saveQuestion(ctx, body)),
  route(Q.questionDelete, async (ctx, { params }) => deleteQuestion(ctx, params.id)),
  route(Q.questionArrange, async (ctx, { body }) => arrangeQcmQuestions(ctx, body)),
  route(Q.questionImageUpload, async (ctx, { params }) => uploadQuestionImage(ctx, params.id)),
  route(Q.questionImage, async (ctx, { params }) => {
    const img = await questionImageFor(ctx, params.id);
    try {
      await fs.access(img.chemin);
    } catch {
      throw notFound('Image absente du stockage.');
    }
    const { reply } = ctx;
    reply.header('content-type', img.mime);
    reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(img.nom)}`);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cache-control', 'private, max-age=0, must-revalidate');
    return reply.send(createReadStream(img.chemin)) as never;
  }),
];

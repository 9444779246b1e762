import { PLAN_IMAGE_MAX_BYTES, PLAN_IMAGE_TYPES, type QcmQuestion } from '@app/contracts';
import { AppError, foundOrThrow, notFound } from '../../../platform/http/errors.ts';
import { receiveImage } from '../../../platform/http/image-upload.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { qcmFor, readsBank } from '../qcm.access.ts';
import { presentQuestion } from '../qcm.presenter.ts';
import { findQuestion, questionDrawnFor, questionImage, setQuestionImage } from '../qcm.repository.ts';

/**
 * Stores the image of a question sent in multipart (field « file »), as the plans of locations are stored: the same
 * kinds and size (PNG, JPEG, WebP, 5 Mo), checked by extension, announced type and first bytes, under the company's
 * files folder (platform/http/image-upload.ts).
 */
export async function uploadQuestionImage(ctx: Ctx, id: number): Promise<QcmQuestion> {
  const { tx, caller, deps, req } = ctx;
  if (!req.isMultipart()) throw new AppError('VALIDATION', 'Envoyez l’image en multipart/form-data (champ « file »).');
  const q = foundOrThrow(await findQuestion(tx, caller.entrepriseId, id, true), 'Question introuvable.');
  await qcmFor(ctx, q.qcmId, 'update');
  const options = {
    filesDir: deps.config.filesDir,
    entrepriseId: caller.entrepriseId,
    types: PLAN_IMAGE_TYPES,
    maxBytes: PLAN_IMAGE_MAX_BYTES,
    defaultName: 'image',
  };
  return receiveImage(req, options, async (image) => {
    await setQuestionImage(tx, id, image);
    return presentQuestion(foundOrThrow(await findQuestion(tx, caller.entrepriseId, id)), true);
  });
}

/** The image of a question, for the bank's readers or a person to whom it was drawn (404 for anyone else). */
export async function questionImageFor(ctx: Ctx, id: number) {
  const { tx, caller } = ctx;
  const img = await questionImage(tx, caller.entrepriseId, id);
  if (!img) throw notFound('Image introuvable.');
  if (!readsBank(caller) && !(await questionDrawnFor(tx, caller.entrepriseId, caller.userId, id))) throw notFound('Image introuvable.');
  return img;
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PLAN_IMAGE_MAX_BYTES, PLAN_IMAGE_TYPES, type QcmQuestion } from '@app/contracts';
import { AppError, foundOrThrow, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { qcmFor, readsBank } from '../qcm.access.ts';
import { presentQuestion } from '../qcm.presenter.ts';
import { findQuestion, questionDrawnFor, questionImage, setQuestionImage } from '../qcm.repository.ts';

/** The first bytes of each accepted kind: a renamed file is refused. */
const MAGIC: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
  'image/jpeg': (b) => b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/**
 * Stores the image of a question sent in multipart (field « file »), as the plans of locations are stored: the same
 * kinds and size (PNG, JPEG, WebP, 5 Mo), checked by extension, announced type and first bytes, under the company's
 * files folder; the file is removed again if anything fails.
 */
export async function uploadQuestionImage(ctx: Ctx, id: number): Promise<QcmQuestion> {
  const { tx, caller, deps, req } = ctx;
  if (!req.isMultipart()) throw new AppError('VALIDATION', 'Envoyez l’image en multipart/form-data (champ « file »).');
  const q = foundOrThrow(await findQuestion(tx, caller.entrepriseId, id, true), 'Question introuvable.');
  await qcmFor(ctx, q.qcmId, 'update');
  const file = await req.file({ limits: { fileSize: PLAN_IMAGE_MAX_BYTES } });
  if (!file) throw new AppError('VALIDATION', 'Aucun fichier reçu.');
  const nom = path.basename(file.filename).slice(0, 200) || 'image';
  const ext = nom.includes('.') ? (nom.split('.').pop()?.toLowerCase() ?? '') : '';
  const mime = PLAN_IMAGE_TYPES[ext];
  if (!mime) throw new AppError('VALIDATION', `Type de fichier refusé (.${ext || '?'}) : .png, .jpg, .jpeg ou .webp acceptés.`);
  if (file.mimetype !== mime)
    throw new AppError('VALIDATION', `Le contenu annoncé (${file.mimetype}) ne correspond pas à un fichier .${ext}.`);
  const dir = path.join(deps.config.filesDir, String(caller.entrepriseId));
  await fs.mkdir(dir, { recursive: true });
  const chemin = path.join(dir, randomUUID());
  try {
    await pipeline(file.file, (await fs.open(chemin, 'w')).createWriteStream());
    if (file.file.truncated)
      throw new AppError('PAYLOAD_TOO_LARGE', `Image trop volumineuse : ${PLAN_IMAGE_MAX_BYTES / 1024 / 1024} Mo au plus.`);
    const { size } = await fs.stat(chemin);
    if (size === 0) throw new AppError('VALIDATION', 'Le fichier est vide.');
    const fh = await fs.open(chemin, 'r');
    const head = Buffer.alloc(12);
    await fh.read(head, 0, 12, 0);
    await fh.close();
    if (!MAGIC[mime](head)) throw new AppError('VALIDATION', `Le contenu du fichier ne correspond pas à une image .${ext}.`);
    await setQuestionImage(tx, id, { nom, mime, taille: size, chemin });
    return presentQuestion(foundOrThrow(await findQuestion(tx, caller.entrepriseId, id)), true);
  } catch (e) {
    await fs.rm(chemin, { force: true });
    throw e;
  }
}

/** The image of a question, for the bank's readers or a person to whom it was drawn (404 for anyone else). */
export async function questionImageFor(ctx: Ctx, id: number) {
  const { tx, caller } = ctx;
  const img = await questionImage(tx, caller.entrepriseId, id);
  if (!img) throw notFound('Image introuvable.');
  if (!readsBank(caller) && !(await questionDrawnFor(tx, caller.entrepriseId, caller.userId, id))) throw notFound('Image introuvable.');
  return img;
}

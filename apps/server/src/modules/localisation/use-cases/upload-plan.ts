import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type Localisation, PLAN_IMAGE_MAX_BYTES, PLAN_IMAGE_TYPES } from '@app/contracts';
import { AppError, assertCan, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { lockLocalisation, setImage } from '../localisation.repository.ts';
import { getLocalisation } from './get-localisation.ts';

/** The first bytes of each accepted kind: a renamed file is refused. */
const MAGIC: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
  'image/jpeg': (b) => b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** Writes a plan image's bytes under the company's files folder (as the processes' files) and returns where. */
export async function storePlanBytes(filesDir: string, entrepriseId: number, bytes: Buffer): Promise<string> {
  const dir = path.join(filesDir, String(entrepriseId));
  await fs.mkdir(dir, { recursive: true });
  const chemin = path.join(dir, randomUUID());
  await fs.writeFile(chemin, bytes);
  return chemin;
}

/**
 * Stores the plan image of a location sent in multipart (field « file »): kind by extension, announced MIME type,
 * first bytes and size checked, bytes written under the company's files folder (removed again if anything fails).
 * The previous image's file is kept (a plan of a safety record may be needed again; the row points at the new one).
 */
export async function uploadPlan(ctx: Pick<Ctx, 'tx' | 'caller' | 'deps' | 'req'>, id: number): Promise<Localisation> {
  const { tx, caller, deps, req } = ctx;
  if (!req.isMultipart()) throw new AppError('VALIDATION', 'Envoyez l’image en multipart/form-data (champ « file »).');
  const row = await lockLocalisation(tx, caller.entrepriseId, id);
  if (!row) throw notFound('Localisation introuvable.');
  assertCan(caller.ability, 'update', 'Localisation', { id: row.id, entrepriseId: row.entrepriseId });
  const file = await req.file({ limits: { fileSize: PLAN_IMAGE_MAX_BYTES } });
  if (!file) throw new AppError('VALIDATION', 'Aucun fichier reçu.');
  const nom = path.basename(file.filename).slice(0, 200) || 'plan';
  const ext = nom.includes('.') ? (nom.split('.').pop()?.toLowerCase() ?? '') : '';
  const mime = PLAN_IMAGE_TYPES[ext];
  if (!mime) throw new AppError('VALIDATION', `Type de fichier refusé (.${ext || '?'}) : .png, .jpg, .jpeg ou .webp acceptés.`);
  if (file.mimetype !== mime)
    throw new AppError('VALIDATION', `Le contenu annoncé (${file.mimetype}) ne correspond pas à un fichier .${ext}.`);
  const dir = path.join(deps.config.filesDir, String(row.entrepriseId));
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
    await setImage(tx, row.id, { nom, mime, taille: size, chemin });
    return await getLocalisation(tx, caller, row.id);
  } catch (e) {
    await fs.rm(chemin, { force: true });
    throw e;
  }
}

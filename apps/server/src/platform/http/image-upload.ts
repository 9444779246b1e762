import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** The first bytes of each image kind accepted: a renamed file is refused. */
const MAGIC: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
  'image/jpeg': (b) => b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** An image received and written under the files folder: its name, kind, size and where its bytes are. */
export interface StoredImage {
  nom: string;
  mime: string;
  taille: number;
  chemin: string;
}

/**
 * Receives one image sent in multipart (field « file ») as the processes' files are stored: kind by extension
 * (`types`: extension → MIME type), announced type, size and first bytes checked (French 400/413 otherwise), bytes
 * written under `filesDir/<entrepriseId>/`. `keep` records it (in the request's transaction); if the checks or `keep`
 * fail, the file is removed again. Used by the plans of locations and the images of quiz questions.
 */
export async function receiveImage<T>(
  req: FastifyRequest,
  o: { filesDir: string; entrepriseId: number; types: Readonly<Record<string, string>>; maxBytes: number; defaultName: string },
  keep: (image: StoredImage) => Promise<T>,
): Promise<T> {
  const file = await req.file({ limits: { fileSize: o.maxBytes } });
  if (!file) throw new AppError('VALIDATION', 'Aucun fichier reçu.');
  const nom = path.basename(file.filename).slice(0, 200) || o.defaultName;
  const ext = nom.includes('.') ? (nom.split('.').pop()?.toLowerCase() ?? '') : '';
  const mime = o.types[ext];
  const accepted = Object.keys(o.types).map((x) => `.${x}`);
  if (!mime)
    throw new AppError(
      'VALIDATION',
      `Type de fichier refusé (.${ext || '?'}) : ${accepted.slice(0, -1).join(', ')} ou ${accepted.at(-1)} acceptés.`,
    );
  if (file.mimetype !== mime)
    throw new AppError('VALIDATION', `Le contenu annoncé (${file.mimetype}) ne correspond pas à un fichier .${ext}.`);
  const dir = path.join(o.filesDir, String(o.entrepriseId));
  await fs.mkdir(dir, { recursive: true });
  const chemin = path.join(dir, randomUUID());
  try {
    await pipeline(file.file, (await fs.open(chemin, 'w')).createWriteStream());
    if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', `Image trop volumineuse : ${o.maxBytes / 1024 / 1024} Mo au plus.`);
    const { size } = await fs.stat(chemin);
    if (size === 0) throw new AppError('VALIDATION', 'Le fichier est vide.');
    const fh = await fs.open(chemin, 'r');
    const head = Buffer.alloc(12);
    await fh.read(head, 0, 12, 0);
    await fh.close();
    if (!MAGIC[mime]?.(head)) throw new AppError('VALIDATION', `Le contenu du fichier ne correspond pas à une image .${ext}.`);
    return await keep({ nom, mime, taille: size, chemin });
  } catch (e) {
    await fs.rm(chemin, { force: true });
    throw e;
  }
}

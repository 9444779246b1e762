import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MAX_UPLOAD_BYTES } from '../../../platform/http/app.ts';
import { AppError, assertCan } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { announce, journal } from '../process.repository.ts';
import { countFiles, type FileRow, insertFile } from '../process-files.repository.ts';
import { assertEditable, engineContext, lockedSharedProcessOrThrow } from './engine-helpers.ts';
import { assertContractorStep } from './step-permission.ts';

/** Kinds of file a process accepts: extension -> MIME types a browser may send for it. */
const ACCEPTED: Record<string, string[]> = {
  pdf: ['application/pdf'],
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  webp: ['image/webp'],
  txt: ['text/plain'],
  csv: ['text/csv', 'text/plain', 'application/vnd.ms-excel'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  odt: ['application/vnd.oasis.opendocument.text'],
  ods: ['application/vnd.oasis.opendocument.spreadsheet'],
};

/** The first bytes of the kinds whose signature is well known: a renamed file is refused. */
const MAGIC: Record<string, number[]> = {
  pdf: [0x25, 0x50, 0x44, 0x46],
  png: [0x89, 0x50, 0x4e, 0x47],
  jpg: [0xff, 0xd8, 0xff],
  jpeg: [0xff, 0xd8, 0xff],
  docx: [0x50, 0x4b],
  xlsx: [0x50, 0x4b],
  odt: [0x50, 0x4b],
  ods: [0x50, 0x4b],
};

/**
 * Stores a file sent (multipart) on a file field of a step not validated yet: kind, MIME type, size and first bytes
 * checked, bytes written under the company's folder (removed again if anything fails), journaled and announced.
 */
export async function uploadFile(
  ctx: Pick<Ctx, 'tx' | 'caller' | 'deps' | 'req'>,
  processId: number,
  metriqueId: number,
): Promise<FileRow> {
  const { tx, caller, deps, req } = ctx;
  if (!req.isMultipart()) throw new AppError('VALIDATION', 'Envoyez le fichier en multipart/form-data (champ « file »).');
  const p = await lockedSharedProcessOrThrow(tx, caller, processId);
  assertCan(caller.ability, 'update', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
  assertEditable(p);
  const c = await engineContext(tx, p);
  const { steps, fields, state } = c;
  const field = fields.find((f) => f.id === metriqueId);
  if (field?.dataType !== 'file') throw new AppError('VALIDATION', "Ce champ n'est pas un dépôt de fichiers de ce processus.");
  await assertContractorStep(tx, caller, p, c, field.etapeId);
  if (state.steps.find((s) => s.etapeId === field.etapeId)?.isValid)
    throw new AppError('CONFLICT', 'Cette étape est validée : on n’y dépose plus de fichier.');
  const props = field.propertyValues as { accept?: string[]; maxFiles?: number };
  if ((await countFiles(tx, p.id, field.id)) >= (props.maxFiles ?? 10))
    throw new AppError('CONFLICT', `Ce champ accepte ${props.maxFiles ?? 10} fichier(s) au plus.`);
  const file = await req.file();
  if (!file) throw new AppError('VALIDATION', 'Aucun fichier reçu.');
  const nom = path.basename(file.filename).slice(0, 200) || 'fichier';
  const ext = nom.includes('.') ? (nom.split('.').pop()?.toLowerCase() ?? '') : '';
  const allowed = props.accept?.length ? props.accept.map((a) => a.replace(/^\./, '').toLowerCase()) : Object.keys(ACCEPTED);
  if (!ACCEPTED[ext] || !allowed.includes(ext))
    throw new AppError('VALIDATION', `Type de fichier refusé (.${ext || '?'}) : ${allowed.map((a) => `.${a}`).join(', ')} acceptés.`);
  if (!ACCEPTED[ext].includes(file.mimetype))
    throw new AppError('VALIDATION', `Le contenu annoncé (${file.mimetype}) ne correspond pas à un fichier .${ext}.`);
  const dir = path.join(deps.config.filesDir, String(p.entrepriseId));
  await fs.mkdir(dir, { recursive: true });
  const chemin = path.join(dir, randomUUID());
  try {
    await pipeline(file.file, (await fs.open(chemin, 'w')).createWriteStream());
    if (file.file.truncated)
      throw new AppError('PAYLOAD_TOO_LARGE', `Fichier trop volumineux : ${MAX_UPLOAD_BYTES / 1024 / 1024} Mo au plus.`);
    const { size } = await fs.stat(chemin);
    if (size === 0) throw new AppError('VALIDATION', 'Le fichier est vide.');
    const magic = MAGIC[ext];
    if (magic) {
      const head = Buffer.alloc(magic.length);
      const fh = await fs.open(chemin, 'r');
      await fh.read(head, 0, magic.length, 0);
      await fh.close();
      if (!magic.every((b, i) => head[i] === b))
        throw new AppError('VALIDATION', `Le contenu du fichier ne correspond pas à un fichier .${ext}.`);
    }
    const row = await insertFile(tx, {
      entrepriseId: p.entrepriseId,
      processId: p.id,
      metriqueId: field.id,
      nom,
      mime: file.mimetype,
      taille: size,
      chemin,
      uploadedById: caller.userId,
    });
    const step = steps.find((s) => s.id === field.etapeId);
    await journal(tx, p, caller.userId, 'fichier-depose', step ? { id: step.id, ordre: step.ordre } : null, null, {
      fichier: nom,
      taille: size,
      metriqueId: field.id,
    });
    await announce(tx, p.entrepriseId, 'updated', [p.id]);
    return row;
  } catch (e) {
    await fs.rm(chemin, { force: true });
    throw e;
  }
}

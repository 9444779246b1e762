import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Localisation, PLAN_IMAGE_MAX_BYTES, PLAN_IMAGE_TYPES } from '@app/contracts';
import { AppError, assertCan, notFound } from '../../../platform/http/errors.ts';
import { receiveImage } from '../../../platform/http/image-upload.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { lockLocalisation, setImage } from '../localisation.repository.ts';
import { getLocalisation } from './get-localisation.ts';

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
 * first bytes and size checked, bytes written under the company's files folder (removed again if anything fails;
 * platform/http/image-upload.ts). The previous image's file is kept (a plan of a safety record may be needed again; the
 * row points at the new one).
 */
export async function uploadPlan(ctx: Pick<Ctx, 'tx' | 'caller' | 'deps' | 'req'>, id: number): Promise<Localisation> {
  const { tx, caller, deps, req } = ctx;
  if (!req.isMultipart()) throw new AppError('VALIDATION', 'Envoyez l’image en multipart/form-data (champ « file »).');
  const row = await lockLocalisation(tx, caller.entrepriseId, id);
  if (!row) throw notFound('Localisation introuvable.');
  assertCan(caller.ability, 'update', 'Localisation', { id: row.id, entrepriseId: row.entrepriseId });
  const options = {
    filesDir: deps.config.filesDir,
    entrepriseId: row.entrepriseId,
    types: PLAN_IMAGE_TYPES,
    maxBytes: PLAN_IMAGE_MAX_BYTES,
    defaultName: 'plan',
  };
  return receiveImage(req, options, async (image) => {
    await setImage(tx, row.id, image);
    return getLocalisation(tx, caller, row.id);
  });
}

import fs from 'node:fs/promises';
import { notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { type FileRow, findFile } from '../process-files.repository.ts';
import { processScope, sharedProcessOrThrow } from './engine-helpers.ts';

/** A file of a process of the caller's company whose bytes are still stored, or 404. */
export async function fileToDownloadOrThrow(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number): Promise<FileRow> {
  const f = await findFile(ctx.tx, processScope(ctx.caller), id);
  if (!f) throw notFound('Fichier introuvable.');
  await sharedProcessOrThrow(ctx.tx, ctx.caller, f.processId);
  try {
    await fs.access(f.chemin);
  } catch {
    throw notFound('Fichier absent du stockage.');
  }
  return f;
}

import fs from 'node:fs/promises';
import { AppError, assertCan, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { announce, journal, stepIdOfField } from '../process.repository.ts';
import { deleteFile, findFile } from '../process-files.repository.ts';
import { engineContext, lockedSharedProcessOrThrow, processScope } from './engine-helpers.ts';
import { assertContractorStep } from './step-permission.ts';

/** Removes a file of a running process from a step not validated yet (row and bytes); returns the file's id. */
export async function removeFile(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number): Promise<number> {
  const { tx, caller } = ctx;
  const f = await findFile(tx, processScope(caller), id);
  if (!f) throw notFound('Fichier introuvable.');
  const p = await lockedSharedProcessOrThrow(tx, caller, f.processId);
  assertCan(caller.ability, 'update', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
  const c = await engineContext(tx, p);
  const { state } = c;
  const etapeId = await stepIdOfField(tx, f.metriqueId);
  if (etapeId !== null) await assertContractorStep(tx, caller, p, c, etapeId);
  if (p.etat !== 'en_cours' || state.steps.find((s) => s.etapeId === etapeId)?.isValid) {
    throw new AppError('CONFLICT', 'Ce fichier appartient à une étape validée : il ne peut plus être retiré.');
  }
  await deleteFile(tx, f.id);
  await fs.rm(f.chemin, { force: true });
  await journal(tx, p, caller.userId, 'fichier-retire', null, { fichier: f.nom, metriqueId: f.metriqueId }, null);
  await announce(tx, p.entrepriseId, 'updated', [p.id]);
  return f.id;
}

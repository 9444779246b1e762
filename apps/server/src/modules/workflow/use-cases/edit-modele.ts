import type { Tx } from '../../../platform/db/engine.ts';
import { AppError, assertCan, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { bumpModele, lockModele, type ModeleRow } from '../workflow.repository.ts';

/**
 * Runs a structural change of a workflow model: locks its row (concurrent editors wait), checks the caller may
 * update this model and that it is not locked, checks the editor's version when given (409 when stale), then
 * bumps the version.
 */
export async function editModele<T>(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  modeleId: number,
  fn: (tx: Tx, m: ModeleRow) => Promise<T>,
  opts: { version?: number; ignoreLock?: boolean } = {},
): Promise<T> {
  const m = await lockModele(ctx.tx, ctx.caller.entrepriseId, modeleId);
  if (!m) throw notFound('Workflow introuvable.');
  assertCan(ctx.caller.ability, 'update', 'ProcessModele', { id: m.id, entrepriseId: m.entrepriseId });
  if (m.locked && !opts.ignoreLock) throw new AppError('CONFLICT', 'Ce workflow est verrouillé : déverrouillez-le pour le modifier.');
  if (opts.version !== undefined && opts.version !== m.version) {
    throw new AppError('CONFLICT', 'Ce workflow a été modifié entre-temps : rechargez-le avant d’enregistrer.', { version: m.version });
  }
  const out = await fn(ctx.tx, m);
  await bumpModele(ctx.tx, m.id);
  return out;
}

import type { Action, Gamme } from '@app/contracts';
import type { Tx } from '../../platform/db/engine.ts';
import { AppError, assertCan, foundOrThrow, notFound } from '../../platform/http/errors.ts';
import type { Ctx } from '../../platform/http/route.ts';
import { findGamme } from './gamme.repository.ts';

type C = Pick<Ctx, 'tx' | 'caller' | 'deps'>;

/** A gamme of the caller's company (404 otherwise) that the caller may `action` (403 otherwise: « Édition des gammes »). */
export async function gammeFor(ctx: C, id: number, action: Action, lock = false): Promise<Gamme> {
  const g = foundOrThrow(await findGamme(ctx.tx, ctx.caller.entrepriseId, id, lock), 'Gamme introuvable.');
  assertCan(ctx.caller.ability, action, 'GammeModele', { id: g.id, entrepriseId: g.entrepriseId });
  return g;
}

/**
 * Of these equipment ids, those the caller may read (the equipement module's checker: the caller's rights on the
 * subtree). A reading is done, read or cancelled only on such equipment.
 */
export async function readableEquipements(ctx: C, ids: number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set();
  const check = ctx.deps.references.equipement;
  if (!check) throw new AppError('FORBIDDEN');
  return new Set(await check(ctx.tx as Tx, ctx.caller, unique));
}

/** The equipment must be readable by the caller: 404 otherwise (its existence does not leak). */
export async function assertReadableEquipement(ctx: C, id: number): Promise<void> {
  if (!(await readableEquipements(ctx, [id])).has(id)) throw notFound('Équipement introuvable.');
}

import { type EtatPermis, estPermisDeFeu, PermisRuleError, type TypePermis, transitionPermis } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { journal, type ProcessRow } from '../../process/index.ts';
import { surveillanceOf } from '../permis.presenter.ts';
import { controlesOf, type PermisRow, updatePermis } from '../permis.repository.ts';
import { type PermisCtx, permisView, permitToChange } from './permis-context.ts';

/**
 * Why a permit cannot be closed at `now` (French), or null: it must be at its fin de travaux and, for hot work, its
 * fire watch over — the duration elapsed on the database's clock and the last check signed.
 */
export async function closureRefusal(tx: Tx, row: PermisRow, now: Date): Promise<string | null> {
  try {
    transitionPermis(row.etat as EtatPermis, 'clore');
  } catch (e) {
    if (e instanceof PermisRuleError) return e.message;
    throw e;
  }
  if (!estPermisDeFeu({ type: row.type as TypePermis, complements: row.complements })) return null;
  const watch = surveillanceOf(row, await controlesOf(tx, row.id), now);
  if (!watch) return 'La surveillance après travaux n’a pas commencé.';
  return watch.etat.terminee ? null : watch.etat.raisons.join(' ');
}

/** Closes a permit (the endpoint, or the process's last step signed): refused with the French reason until it may. */
export async function closePermitRow(tx: Tx, caller: Caller, process: ProcessRow, row: PermisRow, now: Date): Promise<void> {
  const refus = await closureRefusal(tx, row, now);
  if (refus) throw new AppError('CONFLICT', `Le permis ne peut pas être clos : ${lowerFirst(refus)}`);
  await updatePermis(tx, row.id, { etat: 'clos', closAt: now, closPar: caller.userId });
  await journal(tx, process, caller.userId, 'permis-etat', null, { etat: row.etat }, { etat: 'clos', at: now.toISOString() });
}

export async function closePermis(ctx: PermisCtx, body: { processId: number; version?: number }) {
  const { process, row, now } = await permitToChange(ctx, body.processId, body.version);
  await closePermitRow(ctx.tx, ctx.caller, process, row, now);
  return permisView(ctx.tx, ctx.caller, process, row);
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

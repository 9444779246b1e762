import type { EtatPermis } from '@app/contracts';
import { findPermis, openPermitsOnLockout } from '../permis.repository.ts';
import type { PermisCtx } from './permis-context.ts';
import { permisView, processToRead } from './permis-context.ts';
import { permisSettingOf } from './permis-settings.ts';

/**
 * The permit of a process the caller reads, or null when none is recorded yet; with the company's default validity
 * (the form pre-fills a new permit's end with it, whoever reads: the settings themselves are the managers').
 */
export async function getPermis(ctx: PermisCtx, processId: number) {
  const process = await processToRead(ctx, processId);
  const row = await findPermis(ctx.tx, process.id);
  const { validiteHeures } = await permisSettingOf(ctx.tx, process.entrepriseId);
  return { processId: process.id, permis: row ? await permisView(ctx.tx, ctx.caller, process, row) : null, validiteHeures };
}

/** The open permits relying on a lockout the caller reads. */
export async function permitsOfLockout(ctx: PermisCtx, processId: number) {
  const process = await processToRead(ctx, processId);
  const rows = await openPermitsOnLockout(ctx.tx, process.entrepriseId, process.id);
  return rows.map((r) => ({ ...r, numero: r.numero / 100, etat: r.etat as EtatPermis }));
}

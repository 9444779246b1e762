import type { Ctx } from '../../../platform/http/route.ts';
import { arrangeRows } from '../tableau.repository.ts';
import { openAffichage } from './open-affichage.ts';

/** Orders displays the caller may each change. */
export async function arrangeAffichages(ctx: Pick<Ctx, 'tx' | 'caller'>, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  for (const id of unique) await openAffichage(ctx, id);
  await arrangeRows(ctx.tx, 'affichage', unique);
}

import { assertCan, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { type AffichageRow, findAffichage } from '../tableau.repository.ts';

/** A display the caller may change: their own, or a shared one of a board they may update. */
export async function openAffichage(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number): Promise<AffichageRow> {
  const a = await findAffichage(ctx.tx, ctx.caller.entrepriseId, id);
  if (!a || (a.utilisateurId !== null && a.utilisateurId !== ctx.caller.userId)) throw notFound('Affichage introuvable.');
  if (a.utilisateurId === null) assertCan(ctx.caller.ability, 'update', 'Tableau', { id: a.tableauId ?? 0, entrepriseId: a.entrepriseId });
  return a;
}

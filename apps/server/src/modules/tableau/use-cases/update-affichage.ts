import type { AffichageUpdate } from '@app/contracts';
import type { z } from 'zod';
import { assertCan } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { type AffichageRow, updateAffichageRow } from '../tableau.repository.ts';
import { openAffichage } from './open-affichage.ts';
import { openTableau } from './open-tableau.ts';

/** Changes a display the caller may change; sharing it, or taking a shared one back, as creating one would need. */
export async function updateAffichage(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof AffichageUpdate>): Promise<AffichageRow> {
  const a = await openAffichage(ctx, body.id);
  let owner: { utilisateurId: number | null } | Record<string, never> = {};
  if (body.personnel !== undefined && body.personnel !== (a.utilisateurId !== null)) {
    // Sharing a personal display needs what creating a shared one needs; a shared one (its right was checked above)
    // becomes its editor's own.
    if (!body.personnel) {
      if (a.tableauId) await openTableau(ctx, a.tableauId, 'update');
      else assertCan(ctx.caller.ability, 'update', 'Tableau', { entrepriseId: ctx.caller.entrepriseId });
    }
    owner = { utilisateurId: body.personnel ? ctx.caller.userId : null };
  }
  const changes = {
    ...(body.nom !== undefined ? { nom: body.nom } : {}),
    ...(body.colonnes ? { colonnes: body.colonnes } : {}),
    ...(body.tri !== undefined ? { tri: body.tri } : {}),
    ...owner,
  };
  // Only `personnel` sent, already so: nothing to write, the display is answered unchanged.
  if (Object.keys(changes).length === 0) return a;
  return updateAffichageRow(ctx.tx, a.id, changes);
}

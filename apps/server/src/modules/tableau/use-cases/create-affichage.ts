import type { AffichageCreate } from '@app/contracts';
import type { z } from 'zod';
import { assertCan } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { type AffichageRow, insertAffichage } from '../tableau.repository.ts';
import { openTableau } from './open-tableau.ts';

/**
 * Saves a display of a board (or of the lists): a personal one needs to read the board, a shared one to update it
 * (or, without a board, the right to update boards).
 */
export async function createAffichage(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof AffichageCreate>): Promise<AffichageRow> {
  if (body.tableauId) await openTableau(ctx, body.tableauId, body.personnel ? 'read' : 'update');
  else if (!body.personnel) assertCan(ctx.caller.ability, 'update', 'Tableau', { entrepriseId: ctx.caller.entrepriseId });
  return insertAffichage(ctx.tx, {
    entrepriseId: ctx.caller.entrepriseId,
    tableauId: body.tableauId ?? null,
    utilisateurId: body.personnel ? ctx.caller.userId : null,
    nom: body.nom,
    colonnes: body.colonnes,
    tri: body.tri ?? null,
  });
}

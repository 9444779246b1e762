import type { TableauCreate } from '@app/contracts';
import type { z } from 'zod';
import type { Caller } from '../../../platform/auth/caller.ts';
import { assertCan } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { grantCreatorAdmin, refreshRights } from '../../permission/index.ts';
import { insertTableau, nextTableauIdx, type TableauRow } from '../tableau.repository.ts';
import { assertBoardReferences } from './check-board-references.ts';

/** Creates a board at the end of the company's; its creator becomes its administrator (rights effective at once). */
export async function createTableau(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  body: z.output<typeof TableauCreate>,
): Promise<{ tableau: TableauRow; caller: Caller }> {
  const { tx, caller } = ctx;
  assertCan(caller.ability, 'create', 'Tableau', { entrepriseId: caller.entrepriseId });
  await assertBoardReferences(tx, caller.entrepriseId, body.workflows ?? [], body.metriques ?? []);
  const tableau = await insertTableau(tx, {
    entrepriseId: caller.entrepriseId,
    nom: body.nom,
    icon: body.icon ?? null,
    logicielId: body.logicielId ?? null,
    config: body.config ?? {},
    workflows: [...new Set(body.workflows ?? [])],
    metriques: [...new Set(body.metriques ?? [])],
    gammeModeleId: body.gamme_modele_id ?? null,
    isEe: body.isEE ?? false,
    idx: await nextTableauIdx(tx, caller.entrepriseId),
  });
  await grantCreatorAdmin(tx, caller, 'tableau', tableau.id);
  return { tableau, caller: await refreshRights(tx, caller) };
}

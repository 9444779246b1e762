import type { ProcessModele, WorkflowCreate } from '@app/contracts';
import type { z } from 'zod';
import { assertCan } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { grantCreatorAdmin, refreshRights } from '../../permission/index.ts';
import { insertEtape } from '../etape.repository.ts';
import { insertModele } from '../workflow.repository.ts';
import { getWorkflow } from './get-workflow.ts';

/**
 * Creates a model with one step, so that it can run at once; its creator administers it from this very answer
 * (rights recomputed in the transaction).
 */
export async function createWorkflow(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof WorkflowCreate>): Promise<ProcessModele> {
  const { tx, caller } = ctx;
  assertCan(caller.ability, 'create', 'ProcessModele', { entrepriseId: caller.entrepriseId });
  const id = await insertModele(tx, {
    entrepriseId: caller.entrepriseId,
    libelle: body.libelle,
    package: body.package ?? null,
    config: body.config ?? {},
  });
  await insertEtape(tx, { entrepriseId: caller.entrepriseId, processModeleId: id, nom: 'Étape 1', ordre: 1, config: {} });
  await grantCreatorAdmin(tx, caller, 'workflow', id);
  return getWorkflow({ tx, caller: await refreshRights(tx, caller) }, id);
}

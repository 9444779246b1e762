import type { WorkflowUpdate } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { copyModeleNamesToProcesses, modelesAmong, updateModeleRow } from '../workflow.repository.ts';
import { editModele } from './edit-modele.ts';

/**
 * Renames a model, changes its package or merges its settings; the workflows it may create must be the company's.
 * A new name or package is copied onto its processes (the lists show them). The name alone may change on a
 * locked model.
 */
export async function updateWorkflow(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof WorkflowUpdate>): Promise<void> {
  await editModele(
    ctx,
    body.id,
    async (tx, m) => {
      const ids = body.config?.workflowModelsToCreate ?? [];
      if (ids.length && (await modelesAmong(tx, m.entrepriseId, ids)).length !== new Set(ids).size) {
        throw new AppError('VALIDATION', 'Un workflow à créer est inconnu.', [
          { champ: 'config.workflowModelsToCreate', message: 'inconnu' },
        ]);
      }
      await updateModeleRow(tx, m.id, {
        ...(body.libelle !== undefined ? { libelle: body.libelle } : {}),
        ...(body.package !== undefined ? { package: body.package } : {}),
        ...(body.config !== undefined ? { config: { ...(m.config as object), ...body.config } } : {}),
      });
      if (body.libelle !== undefined || body.package !== undefined) {
        await copyModeleNamesToProcesses(tx, m.id, { libelle: body.libelle, package: body.package });
      }
    },
    { version: body.version, ignoreLock: body.config === undefined && body.package === undefined },
  );
}

import { AppError } from '../../../platform/http/errors.ts';
import type { ModeleRow } from '../workflow.repository.ts';

/** An action button may only create a workflow listed in the model's settings (config.workflowModelsToCreate). */
export function assertCreatableWorkflow(m: ModeleRow, processModeleId: number): void {
  if (!((m.config as { workflowModelsToCreate?: number[] }).workflowModelsToCreate ?? []).includes(processModeleId)) {
    throw new AppError('VALIDATION', 'Ce workflow ne fait pas partie des workflows que ce processus peut créer.', [
      { champ: 'processModeleId', message: 'non autorisé' },
    ]);
  }
}

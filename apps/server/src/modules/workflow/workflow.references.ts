import type { ReferenceCheckers } from '../../platform/http/references.ts';
import { metriquesAmong } from './etape.repository.ts';
import { modelesAmong } from './workflow.repository.ts';

export const workflowReferences = {
  workflow: (tx, caller, ids) => modelesAmong(tx, caller.entrepriseId, ids),
  metrique: (tx, caller, ids) => metriquesAmong(tx, caller.entrepriseId, ids),
} satisfies ReferenceCheckers;

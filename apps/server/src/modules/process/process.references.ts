import type { ReferenceCheckers } from '../../platform/http/references.ts';
import { processesAmong } from './process.repository.ts';

export const processReferences = {
  process: (tx, caller, ids) => processesAmong(tx, caller.entrepriseId, ids),
} satisfies ReferenceCheckers;

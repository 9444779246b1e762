import type { ReferenceCheckers } from '../../platform/http/references.ts';
import { tableauxAmong } from './tableau.repository.ts';

export const tableauReferences = {
  tableau: (tx, caller, ids) => tableauxAmong(tx, caller.entrepriseId, ids),
} satisfies ReferenceCheckers;

import type { ReferenceCheckers } from '../../platform/http/references.ts';
import { famillesAmong, risquesAmong } from './risque.repository.ts';

export const risqueReferences = {
  risque: (tx, caller, ids) => risquesAmong(tx, caller.entrepriseId, ids),
  risqueFamille: (tx, caller, ids) => famillesAmong(tx, caller.entrepriseId, ids),
} satisfies ReferenceCheckers;

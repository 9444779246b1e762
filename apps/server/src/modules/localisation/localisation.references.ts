import type { ReferenceCheckers } from '../../platform/http/references.ts';
import { localisationsAmong } from './localisation.repository.ts';

export const localisationReferences = {
  localisation: (tx, caller, ids) => localisationsAmong(tx, caller.entrepriseId, ids),
} satisfies ReferenceCheckers;

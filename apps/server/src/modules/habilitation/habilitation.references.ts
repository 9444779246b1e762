import type { ReferenceCheckers } from '../../platform/http/references.ts';
import { symbolesAmong } from './habilitation.repository.ts';

export const habilitationReferences = {
  /** A live symbol of the caller's company's catalogue. */
  habilitation: (tx, caller, ids) => symbolesAmong(tx, caller.entrepriseId, ids),
} satisfies ReferenceCheckers;

import type { ReferenceCheckers } from '../../platform/http/references.ts';
import { etatsAmong, gammesAmong, pointsAmong } from './gamme.repository.ts';

export const gammeReferences = {
  gamme: (tx, caller, ids) => gammesAmong(tx, caller.entrepriseId, ids),
  gammeMetrique: (tx, caller, ids) => pointsAmong(tx, caller.entrepriseId, ids),
  etatManoeuvre: (tx, caller, ids) => etatsAmong(tx, caller.entrepriseId, ids),
} satisfies ReferenceCheckers;

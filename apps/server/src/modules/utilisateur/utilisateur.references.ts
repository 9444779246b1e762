import type { ReferenceCheckers } from '../../platform/http/references.ts';
import { peopleAmong } from './utilisateur.repository.ts';

/** People an input may name: the caller's company's (utilisateur), or also its partners' (personne). */
export const utilisateurReferences = {
  utilisateur: (tx, caller, ids) => peopleAmong(tx, caller.entrepriseId, ids),
  personne: (tx, caller, ids) => peopleAmong(tx, caller.entrepriseId, ids, true),
} satisfies ReferenceCheckers;

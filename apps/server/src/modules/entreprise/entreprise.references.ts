import type { ReferenceCheckers } from '../../platform/http/references.ts';
import { logicielsAmong, partnersAmong, relatedAmong } from './entreprise.repository.ts';

/**
 * Companies an input may name: partners by their type (entreprise_relation, written by the client company), or for
 * `entreprise` the caller's own and those related to it either way (as the company list shows them).
 */
export const entrepriseReferences = {
  prestataire: (tx, caller, ids) => partnersAmong(tx, caller.entrepriseId, ids, 'prestataire'),
  fournisseur: (tx, caller, ids) => partnersAmong(tx, caller.entrepriseId, ids, 'fournisseur'),
  entreprise: async (tx, caller, ids) => [
    ...(ids.includes(caller.entrepriseId) ? [caller.entrepriseId] : []),
    ...(await relatedAmong(tx, caller.entrepriseId, ids)),
  ],
  logiciel: (tx, _caller, ids) => logicielsAmong(tx, ids),
} satisfies ReferenceCheckers;

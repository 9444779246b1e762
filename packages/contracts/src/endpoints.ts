import * as modules from './api.ts';
import type { AnyEndpoint } from './common/endpoint.ts';

/**
 * Every endpoint of the product, by module (api.ts): the server binds each one, tests walk the list. The order is
 * explicit, not the namespace's alphabetical one: the endpoint matrix runs its cases in this order on one app, and a
 * module whose success case changes rights (permission) must come after those it would change (profil).
 */
export const API = {
  health: modules.health,
  auth: modules.auth,
  entreprise: modules.entreprise,
  entrepriseSetting: modules.entrepriseSetting,
  entrepriseGroupe: modules.entrepriseGroupe,
  profil: modules.profil,
  permission: modules.permission,
  serviceModele: modules.serviceModele,
  utilisateur: modules.utilisateur,
  workflow: modules.workflow,
  process: modules.process,
  processList: modules.processList,
  processSearch: modules.processSearch,
  tableau: modules.tableau,
  support: modules.support,
  accueil: modules.accueil,
  equipement: modules.equipement,
  localisation: modules.localisation,
  risque: modules.risque,
  gamme: modules.gamme,
  habilitation: modules.habilitation,
  qcm: modules.qcm,
  formation: modules.formation,
  consignation: modules.consignation,
  coactivite: modules.coactivite,
} as const;

export function allEndpoints(): AnyEndpoint[] {
  return Object.values(API).flatMap((m) => Object.values(m) as AnyEndpoint[]);
}

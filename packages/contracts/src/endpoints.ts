import { accueilEndpoints } from './accueil/accueil.endpoints.ts';
import { authEndpoints } from './auth/auth.endpoints.ts';
import type { AnyEndpoint } from './common/endpoint.ts';
import { healthEndpoints } from './common/health.ts';
import { entrepriseEndpoints } from './entreprise/entreprise.endpoints.ts';
import { entrepriseGroupeEndpoints } from './entreprise-groupe/entreprise-groupe.endpoints.ts';
import { entrepriseSettingEndpoints } from './entreprise-setting/entreprise-setting.endpoints.ts';
import { permissionEndpoints } from './permission/permission.endpoints.ts';
import { processEndpoints } from './process/process.endpoints.ts';
import { processListEndpoints } from './process/process-list.endpoints.ts';
import { processSearchEndpoints } from './process/process-search.endpoints.ts';
import { profilEndpoints } from './profil/profil.endpoints.ts';
import { serviceModeleEndpoints } from './service-modele/service-modele.endpoints.ts';
import { supportEndpoints } from './support/support.endpoints.ts';
import { tableauEndpoints } from './tableau/tableau.endpoints.ts';
import { utilisateurEndpoints } from './utilisateur/utilisateur.endpoints.ts';
import { workflowEndpoints } from './workflow/workflow.endpoints.ts';

/** Every endpoint of the product, by module: the server binds each one, tests walk the list. */
export const API = {
  health: healthEndpoints,
  auth: authEndpoints,
  entreprise: entrepriseEndpoints,
  entrepriseSetting: entrepriseSettingEndpoints,
  entrepriseGroupe: entrepriseGroupeEndpoints,
  profil: profilEndpoints,
  permission: permissionEndpoints,
  serviceModele: serviceModeleEndpoints,
  utilisateur: utilisateurEndpoints,
  workflow: workflowEndpoints,
  process: processEndpoints,
  processList: processListEndpoints,
  processSearch: processSearchEndpoints,
  tableau: tableauEndpoints,
  support: supportEndpoints,
  accueil: accueilEndpoints,
} as const;

export function allEndpoints(): AnyEndpoint[] {
  return Object.values(API).flatMap((m) => Object.values(m) as AnyEndpoint[]);
}

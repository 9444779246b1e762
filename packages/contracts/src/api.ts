// Every module's endpoints, one named export per module. The web reads them as `import * as API from
// '@app/contracts/api'`: `API.process.get` then names one export, and the bundler keeps only the modules a screen
// calls, so each lazy screen carries its own schemas (issue 16). The server reads the same list as `API`
// (endpoints.ts).
export { accueilEndpoints as accueil } from './accueil/accueil.endpoints.ts';
export { authEndpoints as auth } from './auth/auth.endpoints.ts';
export { coactiviteEndpoints as coactivite } from './coactivite/coactivite.endpoints.ts';
export { healthEndpoints as health } from './common/health.ts';
export { consignationEndpoints as consignation } from './consignation/consignation.endpoints.ts';
export { entrepriseEndpoints as entreprise } from './entreprise/entreprise.endpoints.ts';
export { entrepriseGroupeEndpoints as entrepriseGroupe } from './entreprise-groupe/entreprise-groupe.endpoints.ts';
export { entrepriseSettingEndpoints as entrepriseSetting } from './entreprise-setting/entreprise-setting.endpoints.ts';
export { equipementEndpoints as equipement } from './equipement/equipement.endpoints.ts';
export { formationEndpoints as formation } from './formation/formation.endpoints.ts';
export { gammeEndpoints as gamme } from './gamme/gamme.endpoints.ts';
export { habilitationEndpoints as habilitation } from './habilitation/habilitation.endpoints.ts';
export { localisationEndpoints as localisation } from './localisation/localisation.endpoints.ts';
export { permissionEndpoints as permission } from './permission/permission.endpoints.ts';
export { processEndpoints as process } from './process/process.endpoints.ts';
export { processListEndpoints as processList } from './process/process-list.endpoints.ts';
export { processSearchEndpoints as processSearch } from './process/process-search.endpoints.ts';
export { profilEndpoints as profil } from './profil/profil.endpoints.ts';
export { qcmEndpoints as qcm } from './qcm/qcm.endpoints.ts';
export { risqueEndpoints as risque } from './risque/risque.endpoints.ts';
export { serviceModeleEndpoints as serviceModele } from './service-modele/service-modele.endpoints.ts';
export { supportEndpoints as support } from './support/support.endpoints.ts';
export { tableauEndpoints as tableau } from './tableau/tableau.endpoints.ts';
export { utilisateurEndpoints as utilisateur } from './utilisateur/utilisateur.endpoints.ts';
export { workflowEndpoints as workflow } from './workflow/workflow.endpoints.ts';

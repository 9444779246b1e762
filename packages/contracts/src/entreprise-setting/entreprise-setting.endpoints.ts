import { endpoint } from '../common/endpoint.ts';
import { EntrepriseSettings, UpdateEntrepriseLogiciel, UpdateEntrepriseSetting } from './entreprise-setting.schema.ts';

const tag = "Paramètres de l'entreprise";

export const entrepriseSettingEndpoints = {
  getAll: endpoint({
    method: 'GET',
    path: '/api/entreprise_setting/get_all',
    summary: "Paramètres de l'entreprise et de ses logiciels",
    tag,
    response: EntrepriseSettings,
    access: { kind: 'ability', action: 'read', subject: 'EntrepriseSetting' },
  }),
  updateEntrepriseLogiciel: endpoint({
    method: 'POST',
    path: '/api/entreprise_setting/update/entreprise_logiciel',
    summary: 'Activer un logiciel et régler son affichage',
    tag,
    body: UpdateEntrepriseLogiciel,
    response: EntrepriseSettings,
    access: { kind: 'ability', action: 'update', subject: 'EntrepriseSetting' },
  }),
  updateEntreprise: endpoint({
    method: 'POST',
    path: '/api/entreprise_setting/update/entreprise',
    summary: "Langues, fuseau, évaluation et affectation de l'entreprise",
    tag,
    body: UpdateEntrepriseSetting,
    response: EntrepriseSettings,
    access: { kind: 'ability', action: 'update', subject: 'EntrepriseSetting' },
  }),
};

import { API } from '@app/contracts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { getSettings } from './use-cases/get-settings.ts';
import { updateEntrepriseLogiciel } from './use-cases/update-entreprise-logiciel.ts';
import { updateEntrepriseSettings } from './use-cases/update-entreprise-settings.ts';

const S = API.entrepriseSetting;

export const entrepriseSettingRoutes: RouteDef[] = [
  route(S.getAll, async ({ tx, caller }) => getSettings(tx, caller.entrepriseId)),
  route(S.updateEntrepriseLogiciel, async ({ tx, caller }, { body }) => updateEntrepriseLogiciel(tx, caller.entrepriseId, body)),
  route(S.updateEntreprise, async ({ tx, caller }, { body }) => updateEntrepriseSettings(tx, caller.entrepriseId, body)),
];

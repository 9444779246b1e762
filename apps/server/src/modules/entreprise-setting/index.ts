import type { ServerModule } from '../../platform/module.ts';
import { entrepriseSettingRoutes } from './entreprise-setting.routes.ts';

/** For the qcm module: its evaluation settings are the company's `evaluationSetting` (one source, ticket 14). */
export { updateEntrepriseSettings } from './use-cases/update-entreprise-settings.ts';

export const entrepriseSettingModule: ServerModule = {
  name: 'entreprise-setting',
  routes: entrepriseSettingRoutes,
};

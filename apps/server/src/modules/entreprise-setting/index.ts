import type { ServerModule } from '../../platform/module.ts';
import { entrepriseSettingRoutes } from './entreprise-setting.routes.ts';

export const entrepriseSettingModule: ServerModule = {
  name: 'entreprise-setting',
  routes: entrepriseSettingRoutes,
};

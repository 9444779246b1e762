export { entrepriseSettingRoutes } from './entreprise-setting.routes.ts';

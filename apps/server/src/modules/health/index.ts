import type { ServerModule } from '../../platform/module.ts';
import { healthRoutes } from './health.routes.ts';

export const healthModule: ServerModule = {
  name: 'health',
  routes: healthRoutes,
};

import type { ServerModule } from '../../platform/module.ts';
import { qcmRoutes } from './qcm.routes.ts';

export const qcmModule: ServerModule = {
  name: 'qcm',
  routes: qcmRoutes,
};

import type { ServerModule } from '../../platform/module.ts';
import { permissionRoutes } from './permission.routes.ts';

export { seedCompanyMenu } from './permission.repository.ts';
export { refreshRights, rightsOf } from './permission.rights.ts';
export { grantCreatorAdmin } from './use-cases/grant-creator-admin.ts';
export { assertNotLastPermissionManager, keepingAPermissionManager } from './use-cases/keep-a-permission-manager.ts';

export const permissionModule: ServerModule = {
  name: 'permission',
  routes: permissionRoutes,
};

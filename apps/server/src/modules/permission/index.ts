export { bumpPermissionVersion, seedCompanyMenu } from './permission.repository.ts';
export { refreshRights, rightsOf } from './permission.rights.ts';
export { permissionRoutes } from './permission.routes.ts';
export { grantCreatorAdmin } from './use-cases/grant-creator-admin.ts';
export { keepingAPermissionManager } from './use-cases/keep-a-permission-manager.ts';

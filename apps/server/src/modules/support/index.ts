import type { ServerModule } from '../../platform/module.ts';
import { supportRoutes } from './support.routes.ts';

/** A super admin's support mode (issue 12, item 9): enter a client company, act in its scope, leave; journaled. */
export const supportModule: ServerModule = {
  name: 'support',
  routes: supportRoutes,
};

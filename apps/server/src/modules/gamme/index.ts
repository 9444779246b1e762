import type { ServerModule } from '../../platform/module.ts';
import { gammeReferences } from './gamme.references.ts';
import { gammeRoutes } from './gamme.routes.ts';

/** For the equipement module: an equipment with readings (cancelled included) is not deleted (409 naming them). */
export { readingsCountOf } from './gamme.repository.ts';

export const gammeModule: ServerModule = {
  name: 'gamme',
  routes: gammeRoutes,
  references: gammeReferences,
};

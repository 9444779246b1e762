import type { ServerModule } from '../../platform/module.ts';
import { serviceModeleReferences } from './service-modele.references.ts';
import { serviceModeleRoutes } from './service-modele.routes.ts';

export { serviceOf } from './service-modele.repository.ts';

export const serviceModeleModule: ServerModule = {
  name: 'service-modele',
  routes: serviceModeleRoutes,
  references: serviceModeleReferences,
};

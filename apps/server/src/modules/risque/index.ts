import type { ServerModule } from '../../platform/module.ts';
import { risqueReferences } from './risque.references.ts';
import { risqueRoutes } from './risque.routes.ts';

export const risqueModule: ServerModule = {
  name: 'risque',
  routes: risqueRoutes,
  references: risqueReferences,
};

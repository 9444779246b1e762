import type { ServerModule } from '../../platform/module.ts';
import { tableauReferences } from './tableau.references.ts';
import { tableauRoutes } from './tableau.routes.ts';

export const tableauModule: ServerModule = {
  name: 'tableau',
  routes: tableauRoutes,
  references: tableauReferences,
};

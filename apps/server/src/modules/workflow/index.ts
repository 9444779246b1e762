import type { ServerModule } from '../../platform/module.ts';
import { etapeRoutes } from './etape.routes.ts';
import { workflowReferences } from './workflow.references.ts';
import { workflowRoutes } from './workflow.routes.ts';

export { metriqueTree, presentAutorisation, presentMetrique } from './workflow.presenter.ts';
export { loadModeles } from './workflow.repository.ts';

export const workflowModule: ServerModule = {
  name: 'workflow',
  routes: [...workflowRoutes, ...etapeRoutes],
  references: workflowReferences,
};

export { workflowRoutes } from './workflow.routes.ts';
export { etapeRoutes } from './etape.routes.ts';
export { loadModeles } from './workflow.repository.ts';

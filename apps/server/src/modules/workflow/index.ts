export { workflowRoutes } from './workflow.routes.ts';
export { etapeRoutes } from './etape.routes.ts';
export { loadModeles, metriqueTree, presentAutorisation, presentMetrique } from './workflow.repository.ts';
export { workflowReferences } from './workflow.references.ts';

export { etapeRoutes } from './etape.routes.ts';
export { workflowReferences } from './workflow.references.ts';
export { loadModeles, metriqueTree, presentAutorisation, presentMetrique } from './workflow.repository.ts';
export { workflowRoutes } from './workflow.routes.ts';

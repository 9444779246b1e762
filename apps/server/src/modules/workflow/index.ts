export { etapeRoutes } from './etape.routes.ts';
export { metriqueTree, presentAutorisation, presentMetrique } from './workflow.presenter.ts';
export { workflowReferences } from './workflow.references.ts';
export { loadModeles } from './workflow.repository.ts';
export { workflowRoutes } from './workflow.routes.ts';

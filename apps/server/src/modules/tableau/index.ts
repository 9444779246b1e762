export { tableauRoutes } from './tableau.routes.ts';
export { tableauReferences } from './tableau.references.ts';

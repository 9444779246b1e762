export { tableauReferences } from './tableau.references.ts';
export { tableauRoutes } from './tableau.routes.ts';

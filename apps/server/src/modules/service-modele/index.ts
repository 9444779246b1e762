export { serviceModeleRoutes } from './service-modele.routes.ts';
export { serviceModeleReferences } from './service-modele.references.ts';

export { serviceModeleReferences } from './service-modele.references.ts';
export { serviceModeleRoutes } from './service-modele.routes.ts';

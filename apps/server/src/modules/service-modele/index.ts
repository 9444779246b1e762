export { serviceModeleReferences } from './service-modele.references.ts';
export { serviceOf } from './service-modele.repository.ts';
export { serviceModeleRoutes } from './service-modele.routes.ts';

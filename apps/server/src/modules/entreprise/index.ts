export { entrepriseRoutes } from './entreprise.routes.ts';
export { listEntreprises } from './entreprise.repository.ts';
export { entrepriseReferences } from './entreprise.references.ts';

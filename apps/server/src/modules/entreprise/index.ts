export { entrepriseReferences } from './entreprise.references.ts';
export { listEntreprises } from './entreprise.repository.ts';
export { entrepriseRoutes } from './entreprise.routes.ts';

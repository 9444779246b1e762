export { entrepriseRoutes } from './entreprise.routes.ts';
export { listEntreprises } from './entreprise.repository.ts';

export { entrepriseGroupeRoutes } from './entreprise-groupe.routes.ts';

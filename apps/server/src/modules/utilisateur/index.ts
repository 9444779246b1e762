export { utilisateurRoutes } from './utilisateur.routes.ts';

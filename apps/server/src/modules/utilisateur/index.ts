export { utilisateurReferences } from './utilisateur.references.ts';
export { utilisateurRoutes } from './utilisateur.routes.ts';

export { utilisateurRoutes } from './utilisateur.routes.ts';
export { utilisateurReferences } from './utilisateur.references.ts';

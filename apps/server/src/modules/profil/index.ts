export { profilRoutes } from './profil.routes.ts';
export { profilReferences } from './profil.references.ts';

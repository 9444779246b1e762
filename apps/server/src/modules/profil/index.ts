export { profilReferences } from './profil.references.ts';
export { profilRoutes } from './profil.routes.ts';

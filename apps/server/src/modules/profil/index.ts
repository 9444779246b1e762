export { profilReferences } from './profil.references.ts';
export { getProfil, profilsByIds } from './profil.repository.ts';
export { profilRoutes } from './profil.routes.ts';

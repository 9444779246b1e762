import type { ServerModule } from '../../platform/module.ts';
import { profilReferences } from './profil.references.ts';
import { profilRoutes } from './profil.routes.ts';

export { getProfil, profilsByIds } from './profil.repository.ts';

export const profilModule: ServerModule = {
  name: 'profil',
  routes: profilRoutes,
  references: profilReferences,
};

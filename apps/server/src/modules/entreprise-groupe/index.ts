import type { ServerModule } from '../../platform/module.ts';
import { entrepriseGroupeRoutes } from './entreprise-groupe.routes.ts';

export const entrepriseGroupeModule: ServerModule = {
  name: 'entreprise-groupe',
  routes: entrepriseGroupeRoutes,
};

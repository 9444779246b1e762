import type { ServerModule } from '../../platform/module.ts';
import { accueilRoutes } from './accueil.routes.ts';

/** The home page (« Accueil »): what the signed-in person has to do now. */
export const accueilModule: ServerModule = {
  name: 'accueil',
  routes: accueilRoutes,
};

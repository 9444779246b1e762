import type { ServerModule } from '../../platform/module.ts';
import { formationRoutes } from './formation.routes.ts';

/** For the habilitation module: the symbols a person holds a favourable avis après formation on (a title rests on one). */
export { avisOfFormation, favourableAvisOf } from './formation.repository.ts';

export const formationModule: ServerModule = {
  name: 'formation',
  routes: formationRoutes,
};

import type { ServerModule } from '../../platform/module.ts';
import { entrepriseReferences } from './entreprise.references.ts';
import { entrepriseRoutes } from './entreprise.routes.ts';

export {
  DEFAULT_SETTING,
  entrepriseForUpdate,
  entrepriseLogicielForUpdate,
  evaluationSettingOf,
  listEntrepriseIds,
  logicielsWithSettingOf,
  updateEntrepriseLogiciel,
  updateEntrepriseSettings,
} from './entreprise.repository.ts';

export const entrepriseModule: ServerModule = {
  name: 'entreprise',
  routes: entrepriseRoutes,
  references: entrepriseReferences,
};

export { entrepriseReferences } from './entreprise.references.ts';
export {
  DEFAULT_SETTING,
  entrepriseForUpdate,
  entrepriseLogicielForUpdate,
  listEntrepriseIds,
  listEntreprises,
  logicielsWithSettingOf,
  updateEntrepriseLogiciel,
  updateEntrepriseSettings,
} from './entreprise.repository.ts';
export { entrepriseRoutes } from './entreprise.routes.ts';

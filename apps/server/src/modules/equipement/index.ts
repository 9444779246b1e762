import type { ServerModule } from '../../platform/module.ts';
import { equipementReferences } from './equipement.references.ts';
import { equipementRoutes } from './equipement.routes.ts';

export { accessOf as equipementAccessOf, type EquipementAccess, rightsOn as equipementRightsOn } from './equipement.access.ts';
export { type EquipementReferrer, registerEquipementReferrer } from './equipement.referrers.ts';
export { activiteInstance, equipement, equipementActivite, equipementPointIsolement } from './equipement.tables.ts';
export { equipementOptions, readableEquipementIds } from './use-cases/pickers.ts';

export const equipementModule: ServerModule = {
  name: 'equipement',
  routes: equipementRoutes,
  references: equipementReferences,
};

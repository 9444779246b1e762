import type { ServerModule } from '../../platform/module.ts';
import { localisationReferences } from './localisation.references.ts';
import { localisationRoutes } from './localisation.routes.ts';

/** Of some ids, the caller's company's live locations (the equipment's `marker.localisationId` check). */
export { localisationsAmong } from './localisation.repository.ts';
export { storePlanBytes } from './use-cases/upload-plan.ts';

export const localisationModule: ServerModule = {
  name: 'localisation',
  routes: localisationRoutes,
  references: localisationReferences,
};

import type { ServerModule } from '../../platform/module.ts';
import { registerStatusGuard, registerStepSignCheck, registerStepValidatedListener } from '../process/index.ts';
import { linkPermisToOtherModules } from './permis.links.ts';
import { permisRoutes } from './permis.routes.ts';
import { checkClosingStep, closeWithProcess, guardFinish } from './use-cases/process-hooks.ts';

// Work permits (ticket 15). The process is not finished while its permit may not be closed (fire watch), and
// finishing it closes the permit; permis.links.ts ties it to the consignation and coactivité modules.
registerStepSignCheck('permis', checkClosingStep);
registerStepValidatedListener('permis', closeWithProcess);
registerStatusGuard('permis', guardFinish);
linkPermisToOtherModules();

export { permitActivities, permitsBlockingDeconsignation } from './use-cases/cross-module-rules.ts';

export const permisModule: ServerModule = {
  name: 'permis',
  routes: permisRoutes,
};

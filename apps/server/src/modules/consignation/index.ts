import type { ServerModule } from '../../platform/module.ts';
import {
  registerProcessCreatedListener,
  registerStatusGuard,
  registerStepSignCheck,
  registerStepValidatedListener,
} from '../process/index.ts';
import { consignationRoutes } from './consignation.routes.ts';
import { onProcessCreated, onStatusChange, onStepSigning, onStepValidated } from './use-cases/process-hooks.ts';

// Other modules' blockers of a déconsignation (the permis module: « Permis N° x non clos »).
export { type DeconsignationBlocker, registerDeconsignationBlocker } from './consignation.blockers.ts';

// The demo's lockout processes (written without the engine) get their records.
export { ensureLockoutRecords } from './use-cases/lockout-state.ts';

// A lockout's record at creation, its state machine on every change of status, the steps' lockout configs on signing.
registerProcessCreatedListener('consignation', onProcessCreated);
registerStatusGuard('consignation', onStatusChange);
registerStepSignCheck('consignation', onStepSigning);
registerStepValidatedListener('consignation', onStepValidated);

export const consignationModule: ServerModule = {
  name: 'consignation',
  routes: consignationRoutes,
};

import type { ServerModule } from '../../platform/module.ts';
import { registerActivitySource } from '../coactivite/index.ts';
import {
  registerProcessCreatedListener,
  registerStatusGuard,
  registerStepSignCheck,
  registerStepValidatedListener,
} from '../process/index.ts';
import { lockoutActivities } from './consignation.activities.ts';
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
// The conflict finder reads what each lockout does now (consigned, or under test).
registerActivitySource('consignation', lockoutActivities);

export const consignationModule: ServerModule = {
  name: 'consignation',
  routes: consignationRoutes,
};

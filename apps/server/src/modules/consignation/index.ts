import type { ServerModule } from '../../platform/module.ts';
import { registerActivitySource } from '../coactivite/index.ts';
import {
  registerProcessCreatedListener,
  registerProcessDocument,
  registerStatusGuard,
  registerStepSignCheck,
  registerStepValidatedListener,
} from '../process/index.ts';
import { lockoutActivities } from './consignation.activities.ts';
import { consignationDocuments } from './consignation.documents.ts';
import { consignationRoutes } from './consignation.routes.ts';
import { compactRegistreTotals } from './consignation-registre.repository.ts';
import { getLockout } from './use-cases/get-lockout.ts';
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
// The attestation de consignation and the avis de fin de travail, printed from the lockout's records.
for (const [kind, doc] of Object.entries(consignationDocuments(getLockout))) registerProcessDocument(kind, doc);

export const consignationModule: ServerModule = {
  name: 'consignation',
  routes: consignationRoutes,
  // The register's totals: each key's deltas folded into one row.
  housekeeping: [
    async (tx) => {
      await compactRegistreTotals(tx);
    },
  ],
};

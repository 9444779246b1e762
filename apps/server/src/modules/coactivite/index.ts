import type { ServerModule } from '../../platform/module.ts';
import { registerProcessCreatedListener, registerStepSignCheck } from '../process/index.ts';
import { coactiviteRoutes } from './coactivite.routes.ts';
import { onProcessCreated, onStepSigning } from './use-cases/check-coactivite.ts';

// Coactivité (ticket 15): lockouts and permits in progress on the same equipment subtree or zone at the same time,
// decided by the company's incompatibility matrix. The consignation and permis modules give the activities of their
// processes (registerActivitySource) and the permis module checks the window a délivrance opens and an extension
// widens (assertNoBlockingConflict).
export { type ActivitySource, registerActivitySource } from './activity-sources.ts';
export { coactiviteWorkflowActivite } from './coactivite.tables.ts';
export { assertNoBlockingConflict, type NotCounted, recordDemoConflicts } from './use-cases/check-coactivite.ts';

// A new lockout or permit in refused coactivity is refused; a co-signed or sequenced one is recorded.
registerProcessCreatedListener('coactivite', async (tx, a) => {
  if (a.process.package === 'mc' || a.process.package === 'permis') await onProcessCreated(tx, a);
});
// Signing waits for the co-signature or the sequencing a conflict needs; a refused coactivity is never signed.
registerStepSignCheck('coactivite', onStepSigning);

export const coactiviteModule: ServerModule = {
  name: 'coactivite',
  routes: coactiviteRoutes,
};

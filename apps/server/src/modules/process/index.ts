import type { ServerModule } from '../../platform/module.ts';
import { processReferences } from './process.references.ts';
import { processRoutes } from './process.routes.ts';
import { processActionRoutes } from './process-actions.routes.ts';
import { processEventRoutes } from './process-events.routes.ts';
import { processFileRoutes } from './process-files.routes.ts';
import { processListRoutes } from './process-list.routes.ts';
import { processSearchRoutes } from './process-search.routes.ts';
import { processStructureRoutes } from './process-structure.routes.ts';

export { listRowOf, niveauxOf } from './list-columns.ts';
// The habilitation module plugs its gate into signing and its grant into a process's end (ticket 14); lockouts,
// permits and conflicts (ticket 15) their rules on signing, status changes and creation.
export {
  type HookStep,
  type ProcessCreatedListener,
  type ProcessEndListener,
  registerProcessCreatedListener,
  registerProcessEndListener,
  registerSignatureGate,
  registerStatusGuard,
  registerStepSignCheck,
  registerStepValidatedListener,
  type SignatureGate,
  type StatusGuard,
  type StatusPair,
  type StepSignCheck,
  type StepValidatedListener,
} from './process.hooks.ts';
export type { ProcessRow } from './process.repository.ts';
export { hashOfStep, journal, nextNumero, saveEngineState } from './process.repository.ts';
export { boundedCount, searchProcesses } from './process-search.repository.ts';
// Used by the coactivité module (ticket 15): a sequenced conflict makes the later process wait; the process screen's
// conflicts panel reads the process as its screen does.
export { sequenceAfter } from './use-cases/add-sequencing.ts';
// Used by the gamme module: a reading out of range creates a process of the point's workflows (ticket 13).
export { createProcess } from './use-cases/create-process.ts';
export { processScope, sharedProcessOrThrow } from './use-cases/engine-helpers.ts';
// Used by the gamme module: the reading fields of a step (gamme_releves, etape_gamme_releves) and their summary.
export { assertRoundTarget, registerRoundSummary } from './use-cases/round-fields.ts';

export const processModule: ServerModule = {
  name: 'process',
  routes: [
    ...processRoutes,
    ...processActionRoutes,
    ...processStructureRoutes,
    ...processFileRoutes,
    ...processListRoutes,
    ...processEventRoutes,
    ...processSearchRoutes,
  ],
  references: processReferences,
};

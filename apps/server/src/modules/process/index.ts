import type { ServerModule } from '../../platform/module.ts';
import { registerBuiltInDocuments } from './documents/built-in.ts';
import { processReferences } from './process.references.ts';
import { processRoutes } from './process.routes.ts';
import { processActionRoutes } from './process-actions.routes.ts';
import { processDocumentRoutes } from './process-documents.routes.ts';
import { processEventRoutes } from './process-events.routes.ts';
import { processFileRoutes } from './process-files.routes.ts';
import { processListRoutes } from './process-list.routes.ts';
import { processSearchRoutes } from './process-search.routes.ts';
import { processStructureRoutes } from './process-structure.routes.ts';

// The layouts of the lockout and permit documents, for the modules that give them their data (ticket 15).
export { ATTESTATION_COPIES, attestationContent } from './documents/builders/attestation-consignation.ts';
export { avisContent } from './documents/builders/avis-fin-travail.ts';
export {
  type IsolationPoint,
  isLockout,
  type LockoutData,
  type LockoutOperation,
  lockoutFromSheet,
  type SignedStage,
} from './documents/builders/lockout-data.ts';
export { permisContent } from './documents/builders/permis.ts';
export { permisFeuContent } from './documents/builders/permis-feu.ts';
export {
  type Checklist,
  type FireWatchCheck,
  isHotWork,
  isPermit,
  type PermitData,
  permitFromSheet,
} from './documents/builders/permit-data.ts';
// Documents of a process (generate_document, ticket 15): a module registers the PDF of its kind of process and builds
// it from these blocks (the frame — company, number, QR code, page numbers — is the process module's).
export {
  atText,
  dateTimeText,
  grid,
  keyValues,
  mention,
  RULED,
  type SignatureLine,
  section,
  signatureBox,
  signatureBoxes,
  tick,
} from './documents/document-blocks.ts';
export {
  type BuiltDocument,
  type DocumentInput,
  type ProcessDocument,
  registerProcessDocument,
} from './documents/document-registry.ts';
export type { Content } from './documents/pdf-renderer.ts';
export {
  chosen,
  fieldNamed,
  type ProcessSheet,
  processSheet,
  type SheetField,
  type SheetSignature,
  type SheetStep,
  stepNamed,
} from './documents/process-sheet.ts';
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
// announceProcessChange: the consignation module's own writes on a lockout refresh the open lists and screens.
export { announceProcessChange, hashOfStep, journal, nextNumero, saveEngineState } from './process.repository.ts';
// The lockout register (ticket 15) shows the lockouts whose processes the caller's lists show.
export { boundedCount, readableProcesses, searchProcesses } from './process-search.repository.ts';
// Used by the coactivité module (ticket 15): a sequenced conflict makes the later process wait; the process screen's
// conflicts panel reads the process as its screen does.
export { sequenceAfter } from './use-cases/add-sequencing.ts';
// Used by the gamme module: a reading out of range creates a process of the point's workflows (ticket 13).
export { createProcess } from './use-cases/create-process.ts';
// Used by the permis module (ticket 15): a permit is read and changed under its process's row and rights (a
// contractor's, on its process of its client, through the shared ones).
export {
  lockedProcessOrThrow,
  lockedSharedProcessOrThrow,
  processOrThrow,
  processScope,
  sharedProcessOrThrow,
} from './use-cases/engine-helpers.ts';
// Used by the gamme module: the reading fields of a step (gamme_releves, etape_gamme_releves) and their summary.
export { assertRoundTarget, registerRoundSummary } from './use-cases/round-fields.ts';

registerBuiltInDocuments();

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
    ...processDocumentRoutes,
  ],
  references: processReferences,
};

export { processRoutes } from './process.routes.ts';
export { processActionRoutes } from './process-actions.routes.ts';
export { processStructureRoutes } from './process-structure.routes.ts';
export { processFileRoutes } from './process-files.routes.ts';
export { hashOfStep, journal, nextNumero, saveEngineState } from './process.repository.ts';
export { processListRoutes } from './process-list.routes.ts';
export { processEventRoutes } from './process-events.routes.ts';
export { boundedCount, processSearchRoutes, searchProcesses } from './process-search.routes.ts';
export { listRowOf } from './list-row.ts';

import { API } from '@app/contracts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { cosignConflict } from './use-cases/cosign-conflict.ts';
import { getMatrice, updateCell, updateWorkflowActivites } from './use-cases/matrice.ts';
import { processConflicts } from './use-cases/process-conflicts.ts';

const C = API.coactivite;

export const coactiviteRoutes: RouteDef[] = [
  route(C.conflits, async (ctx, { params }) => processConflicts(ctx, params.id)),
  route(C.cosign, async (ctx, { body }) => cosignConflict(ctx, body)),
  route(C.matrice, async (ctx) => getMatrice(ctx)),
  route(C.incompatibiliteUpdate, async (ctx, { body }) => updateCell(ctx, body)),
  route(C.workflowActivitesUpdate, async (ctx, { body }) => updateWorkflowActivites(ctx, body)),
];

import { API } from '@app/contracts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { createWorkflow } from './use-cases/create-workflow.ts';
import { deleteWorkflow } from './use-cases/delete-workflow.ts';
import { duplicateWorkflow } from './use-cases/duplicate-workflow.ts';
import { getWorkflow } from './use-cases/get-workflow.ts';
import { lockWorkflow } from './use-cases/lock-workflow.ts';
import { updateWorkflow } from './use-cases/update-workflow.ts';
import { withAbilities } from './workflow.presenter.ts';
import { listModeleSummaries, loadModeles } from './workflow.repository.ts';

const W = API.workflow;

export const workflowRoutes: RouteDef[] = [
  route(W.forEdition, async ({ tx, caller, useCompany }, { query }) => {
    const entrepriseId = query.clientId ?? caller.entrepriseId;
    await useCompany(entrepriseId);
    return (await loadModeles(tx, entrepriseId)).map(withAbilities(caller));
  }),

  // The boards' columns need the fields' names and kinds, not the steps and rules of the editor.
  route(W.fields, async ({ tx, caller }) =>
    (await loadModeles(tx, caller.entrepriseId)).map((m) => ({ id: m.id, libelle: m.libelle, metriques: m.metriques })),
  ),

  route(W.list, async ({ tx, caller }) => (await listModeleSummaries(tx, caller.entrepriseId)).map(withAbilities(caller))),

  route(W.create, async (ctx, { body }) => createWorkflow(ctx, body)),

  route(W.duplicate, async (ctx, { body }) => duplicateWorkflow(ctx, body)),

  route(W.lock, async (ctx, { body }) => {
    await lockWorkflow(ctx, body);
    return getWorkflow(ctx, body.id);
  }),

  route(W.update, async (ctx, { body }) => {
    await updateWorkflow(ctx, body);
    return getWorkflow(ctx, body.id);
  }),

  route(W.delete, async (ctx, { params }) => {
    await deleteWorkflow(ctx, params.id);
    return { message: 'Workflow supprimé avec succès.', id: params.id };
  }),
];

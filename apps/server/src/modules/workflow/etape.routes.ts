import { API } from '@app/contracts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { autorisationsOfEtapes, metriquesOfEtape, referableMetriquesBefore } from './etape.repository.ts';
import { addActionMetrique } from './use-cases/add-action-metrique.ts';
import { addEtape } from './use-cases/add-etape.ts';
import { addMetrique } from './use-cases/add-metrique.ts';
import { arrangeEtapes } from './use-cases/arrange-etapes.ts';
import { arrangeMetriques } from './use-cases/arrange-metriques.ts';
import { deleteAutorisation } from './use-cases/delete-autorisation.ts';
import { deleteEtape } from './use-cases/delete-etape.ts';
import { deleteMetrique } from './use-cases/delete-metrique.ts';
import { etapeOrThrow, getEtape, getMetrique, getWorkflow, metriqueOrThrow } from './use-cases/get-workflow.ts';
import { moveMetrique } from './use-cases/move-metrique.ts';
import { renameMetrique } from './use-cases/rename-metrique.ts';
import { saveAutorisation } from './use-cases/save-autorisation.ts';
import { switchEtapes } from './use-cases/switch-etapes.ts';
import { updateActionMetrique } from './use-cases/update-action-metrique.ts';
import { updateEtape } from './use-cases/update-etape.ts';
import { updateMetrique } from './use-cases/update-metrique.ts';
import { metriqueTree, presentAutorisation, presentMetrique } from './workflow.presenter.ts';

const W = API.workflow;

export const etapeRoutes: RouteDef[] = [
  route(W.etapeCreate, async (ctx, { body }) => getEtape(ctx, body.processModeleId, await addEtape(ctx, body))),

  route(W.etapeUpdate, async (ctx, { body }) => {
    const s = await updateEtape(ctx, body);
    return getEtape(ctx, s.processModeleId, s.id);
  }),

  route(W.etapeArrange, async (ctx, { body }) => {
    await arrangeEtapes(ctx, body);
    return (await getWorkflow(ctx, body.processModeleId)).etapes;
  }),

  route(W.etapeSwitch, async (ctx, { body }) => (await getWorkflow(ctx, await switchEtapes(ctx, body))).etapes),

  route(W.etapeDelete, async (ctx, { params }) => {
    await deleteEtape(ctx, params.id);
    return { message: 'Étape supprimée avec succès.', id: params.id };
  }),

  route(W.etapeMetriques, async (ctx, { params }) => {
    const s = await etapeOrThrow(ctx, params.id);
    return metriqueTree((await metriquesOfEtape(ctx.tx, s.id)).map((m) => presentMetrique(m, s.ordre)));
  }),

  route(W.etapeReferable, async (ctx, { params }) => {
    const s = await etapeOrThrow(ctx, params.id);
    return (await referableMetriquesBefore(ctx.tx, s.processModeleId, s.ordre)).map((r) => presentMetrique(r.m, r.ordre));
  }),

  route(W.metriqueById, async (ctx, { params }) => getMetrique(ctx.tx, (await metriqueOrThrow(ctx, params.id)).id)),
  route(W.metrique, async (ctx, { params }) => getMetrique(ctx.tx, (await metriqueOrThrow(ctx, params.id)).id)),

  route(W.assignMetrique, async (ctx, { body }) => getMetrique(ctx.tx, await addMetrique(ctx, body))),
  route(W.insertMetrique, async (ctx, { body }) => getMetrique(ctx.tx, await addMetrique(ctx, body))),

  route(W.arrangeMetriques, async (ctx, { body }) => {
    const s = await arrangeMetriques(ctx, body);
    return metriqueTree((await metriquesOfEtape(ctx.tx, s.id)).map((m) => presentMetrique(m, s.ordre)));
  }),

  route(W.switchMetrique, async (ctx, { body }) => getMetrique(ctx.tx, await moveMetrique(ctx, body))),
  route(W.renameMetrique, async (ctx, { body }) => getMetrique(ctx.tx, await renameMetrique(ctx, body))),
  route(W.metriqueUpdate, async (ctx, { body }) => getMetrique(ctx.tx, await updateMetrique(ctx, body))),

  route(W.deleteMetrique, async (ctx, { params }) => {
    await deleteMetrique(ctx, params.id);
    return { message: 'Champ supprimé avec succès.', id: params.id };
  }),

  route(W.createActionMetrique, async (ctx, { body }) => getMetrique(ctx.tx, await addActionMetrique(ctx, body))),
  route(W.updateActionMetrique, async (ctx, { body }) => getMetrique(ctx.tx, await updateActionMetrique(ctx, body))),

  route(W.metriquesWithConditions, async (ctx, { query }) =>
    (await getWorkflow(ctx, query.processModeleId)).metriques.filter((f) => f.conditions.length > 0),
  ),

  route(W.autorisations, async (ctx, { query }) => {
    const s = await etapeOrThrow(ctx, query.etapeId);
    return (await autorisationsOfEtapes(ctx.tx, [s.id])).map(presentAutorisation);
  }),

  route(W.autorisationCreate, async (ctx, { body }) => presentAutorisation(await saveAutorisation(ctx, body))),

  route(W.autorisationDelete, async (ctx, { params }) => {
    await deleteAutorisation(ctx, params.id);
    return { message: 'Règle supprimée avec succès.', id: params.id };
  }),
];

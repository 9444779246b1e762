import { API, abilitiesOn, type ProcessCreate, type ProcessUpdate } from '@app/contracts';
import type { z } from 'zod';
import { foundOrThrow, notFound } from '../../platform/http/errors.ts';
import { type Ctx, type RouteDef, route } from '../../platform/http/route.ts';
import { loadModeles } from '../workflow/index.ts';
import { presentProcess, presentProcessBase } from './process.presenter.ts';
import { modeleOf } from './process.repository.ts';
import { createProcess } from './use-cases/create-process.ts';
import { deleteProcess } from './use-cases/delete-process.ts';
import { duplicateProcess } from './use-cases/duplicate-process.ts';
import { sharedProcessOrThrow } from './use-cases/engine-helpers.ts';
import { updateProcess } from './use-cases/update-process.ts';

const P = API.process;

// A contractor reads its processes of its clients too (sharedProcessOrThrow); PostgreSQL hides the others (404).
const view = async (ctx: Ctx, id: number) => presentProcess(ctx.tx, ctx.caller, await sharedProcessOrThrow(ctx.tx, ctx.caller, id));
const create = async (ctx: Ctx, { body }: { body: z.output<typeof ProcessCreate> }) =>
  presentProcess(ctx.tx, ctx.caller, await createProcess(ctx, body));
const update = async (ctx: Ctx, { body }: { body: z.output<typeof ProcessUpdate> }) =>
  presentProcess(ctx.tx, ctx.caller, await updateProcess(ctx, body));
const duplicate = async (ctx: Ctx, { body }: { body: { id: number } }) =>
  presentProcess(ctx.tx, ctx.caller, await duplicateProcess(ctx, body.id));

export const processRoutes: RouteDef[] = [
  route(P.createV1, create),
  route(P.createV2, create),
  // The web creates through v3: there a lockout workflow needs its type de consignation (v1 and v2 accept it as before).
  route(P.createV3, async (ctx, { body }) =>
    presentProcess(ctx.tx, ctx.caller, await createProcess(ctx, body, 'created', { requireLockoutType: true })),
  ),
  route(P.getV1, async (ctx, { params }) => view(ctx, params.id)),
  route(P.getV3, async (ctx, { params }) => view(ctx, params.processId)),
  route(P.retrieve, async (ctx, { params }) => view(ctx, params.id)),
  route(P.retrieveV2, async (ctx, { body }) => view(ctx, body.id)),
  route(P.getV2, async (ctx, { params }) => {
    const v = await view(ctx, params.processId);
    if (!v.steps.some((s) => s.id === params.etapeId)) throw notFound('Étape introuvable dans ce processus.');
    return v;
  }),
  route(P.getBase, async (ctx, { params }) => {
    const p = await sharedProcessOrThrow(ctx.tx, ctx.caller, params.id);
    return presentProcessBase(p, await modeleOf(ctx.tx, p.processModeleId));
  }),
  route(P.modele, async (ctx, { params }) => {
    const p = await sharedProcessOrThrow(ctx.tx, ctx.caller, params.processId);
    const [m] = await loadModeles(ctx.tx, p.entrepriseId, [p.processModeleId]);
    const modele = foundOrThrow(m, 'Workflow introuvable.');
    return { ...modele, abilities: abilitiesOn(ctx.caller.ability, 'ProcessModele', { id: modele.id, entrepriseId: p.entrepriseId }) };
  }),
  route(P.updateV1, update),
  route(P.updateV2, update),
  route(P.updateV3, update),
  route(P.duplicateV2, duplicate),
  route(P.duplicateV3, duplicate),
  route(P.deleteWithSubs, async (ctx, { body }) => {
    const ids = await deleteProcess(ctx, body.id);
    return { message: `${ids.length} processus supprimé(s) avec succès.`, id: ids[0] };
  }),
];

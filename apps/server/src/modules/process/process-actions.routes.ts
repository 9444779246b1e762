import { API, type ProcessEtat } from '@app/contracts';
import { foundOrThrow } from '../../platform/http/errors.ts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { presentProcess } from './process.presenter.ts';
import { deactivateProcess } from './use-cases/deactivate-process.ts';
import { forwardStep } from './use-cases/forward-step.ts';
import { registerSignature } from './use-cases/register-signature.ts';
import { removeSignature } from './use-cases/remove-signature.ts';
import { returnStep } from './use-cases/return-step.ts';
import { setProcessState } from './use-cases/set-process-state.ts';
import { setProcessStatus } from './use-cases/set-process-status.ts';
import { signStep } from './use-cases/sign-step.ts';

const P = API.process;

export const processActionRoutes: RouteDef[] = [
  route(P.sign, async (ctx, { body }) => presentProcess(ctx.tx, ctx.caller, await signStep(ctx, body))),
  route(P.signStep, async (ctx, { body }) => presentProcess(ctx.tx, ctx.caller, await signStep(ctx, body))),
  route(P.returnStep, async (ctx, { body }) => presentProcess(ctx.tx, ctx.caller, await returnStep(ctx, body))),
  route(P.forwardStep, async (ctx, { body }) => presentProcess(ctx.tx, ctx.caller, await forwardStep(ctx, body.id))),
  route(P.updateStatus, async (ctx, { body }) => {
    const p = await setProcessStatus(ctx, body.id, body.status, body.etat);
    return { message: 'Statut mis à jour avec succès.', content: { id: p.id, etat: p.etat as ProcessEtat, status: p.status } };
  }),
  route(P.changeState, async (ctx, { body }) => presentProcess(ctx.tx, ctx.caller, await setProcessState(ctx, body.id, body.etat))),
  route(P.inactive, async (ctx, { body }) => presentProcess(ctx.tx, ctx.caller, await deactivateProcess(ctx, body))),
  route(P.signatureRegister, async (ctx, { body }) => {
    const { process, metriqueId } = await registerSignature(ctx, body);
    const view = await presentProcess(ctx.tx, ctx.caller, process);
    return foundOrThrow(view.signatures[String(metriqueId)]?.find((s) => s.utilisateur.id === ctx.caller.userId));
  }),
  route(P.signatureDelete, async (ctx, { query }) => {
    const id = await removeSignature(ctx, query.processId, query.metriqueId);
    return { message: 'Signature retirée avec succès.', id };
  }),
];

import { API } from '@app/contracts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { enterSupport } from './use-cases/enter-support.ts';
import { leaveSupport } from './use-cases/leave-support.ts';

const S = API.support;

export const supportRoutes: RouteDef[] = [
  // The session's open event streams end (EventSource reconnects in a few seconds), so that they follow the company.
  route(S.enter, async (ctx, { body }) => {
    const mode = await enterSupport(ctx, body.entrepriseId);
    ctx.deps.realtime.closeSession(ctx.caller.sessionId);
    return mode;
  }),
  route(S.leave, async (ctx) => {
    const out = await leaveSupport(ctx);
    if (out.left) ctx.deps.realtime.closeSession(ctx.caller.sessionId);
    return out;
  }),
];

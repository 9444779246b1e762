import { API, ERRORS } from '@app/contracts';
import { ping } from '../../platform/db/engine.ts';
import { publicRoute, type RouteDef } from '../../platform/http/route.ts';

export const healthRoutes: RouteDef[] = [
  publicRoute(API.health.health, async ({ deps, reply }) => {
    try {
      await ping(deps.database.db);
    } catch (e) {
      // A load balancer takes the instance out while its database is unreachable; it comes back by itself with
      // the next successful ping (the pool opens a fresh connection).
      reply.log.warn({ err: e }, 'health: database unreachable');
      return reply
        .code(503)
        .type('application/json')
        .send(
          JSON.stringify({ status: 'down', database: 'down', message: ERRORS.DATABASE_UNAVAILABLE.message, code: 'DATABASE_UNAVAILABLE' }),
        ) as never;
    }
    return { status: 'ok' as const, database: deps.database.engine };
  }),
];

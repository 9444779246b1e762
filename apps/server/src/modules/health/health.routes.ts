import { API } from '@app/contracts';
import { ping } from '../../platform/db/engine.ts';
import { publicRoute, type RouteDef } from '../../platform/http/route.ts';

export const healthRoutes: RouteDef[] = [
  publicRoute(API.health.health, async ({ deps }) => {
    await ping(deps.database.db);
    return { status: 'ok' as const, database: deps.database.engine };
  }),
];

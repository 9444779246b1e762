import type { ServerModule } from '../../platform/module.ts';
import { purgeExpired } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';

export { deleteSessionsOfEntreprise } from './auth.repository.ts';
export { consumeOneTimeCode, sendOneTimeCode } from './use-cases/one-time-code.ts';

export const authModule: ServerModule = {
  name: 'auth',
  routes: authRoutes,
  housekeeping: [purgeExpired],
};

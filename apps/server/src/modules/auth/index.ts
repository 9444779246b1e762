export { deleteSessionsOfEntreprise, purgeExpired } from './auth.repository.ts';
export { authRoutes } from './auth.routes.ts';
export { consumeOneTimeCode, sendOneTimeCode } from './use-cases/one-time-code.ts';
export { buildUserSession } from './use-cases/user-session.ts';

import { type authEndpoints, type EndpointBody, signInRoutes } from '@app/contracts';
import { callRoute } from '../../lib/api.ts';

// The calls of the sign-in page, by their routes: no schema, hence no zod, in its bundle (login-main.tsx).
type Auth = typeof authEndpoints;

/** POST /login: opens the session, or asks for the MFA code first (`mfaRequired`). */
export function signIn(body: EndpointBody<Auth['login']>) {
  return callRoute<Auth['login']>(signInRoutes.login, { body });
}

/** Sends the MFA code by mail. */
export function sendCode() {
  return callRoute<Auth['sendCode']>(signInRoutes.sendCode, { query: { channel: 'mail' } });
}

/** Checks the MFA code; the session is then complete. */
export function validateCode(code: string) {
  return callRoute<Auth['validateCode']>(signInRoutes.validateCode, { body: { code } });
}

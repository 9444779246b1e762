import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'sid';
/**
 * A readable companion of the session cookie, without the token (value "1", same lifetime): it tells the web app that
 * a session may exist, so a first visit signed out goes to /login without asking for the session (a 401 the browser
 * logs as a console error).
 */
export const SESSION_HINT_COOKIE = 'sid_hint';
/** Server-side lifetime of a session without and with "Se souvenir de moi". */
export const SESSION_TTL_MS = 12 * 3600 * 1000;
export const REMEMBER_TTL_MS = 30 * 24 * 3600 * 1000;

/** Sets the httpOnly session cookie (SameSite=Lax; Secure behind https), then its readable hint. */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string, rememberMe: boolean): void {
  const options = {
    path: '/',
    sameSite: 'lax' as const,
    secure: req.protocol === 'https',
    ...(rememberMe ? { maxAge: REMEMBER_TTL_MS / 1000 } : {}),
  };
  reply.setCookie(SESSION_COOKIE, token, { ...options, httpOnly: true });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...options, httpOnly: false });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  const secure = req.protocol === 'https';
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', httpOnly: false, sameSite: 'lax', secure });
}

import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'sid';
/** Server-side lifetime of a session without and with "Se souvenir de moi". */
export const SESSION_TTL_MS = 12 * 3600 * 1000;
export const REMEMBER_TTL_MS = 30 * 24 * 3600 * 1000;

/** Sets the httpOnly session cookie (SameSite=Lax; Secure behind https). */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string, rememberMe: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    ...(rememberMe ? { maxAge: REMEMBER_TTL_MS / 1000 } : {}),
  });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https' });
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request guard for cookie-authenticated writes (besides SameSite=Lax): a write whose browser
 * says it comes from another site, or whose Origin is not this host, is refused. Non-browser clients send
 * neither header and are not affected. GET /api/changeRole changes state, so it is guarded too.
 */
export async function csrfGuard(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const unsafe = !SAFE.has(req.method) || req.url.startsWith('/api/changeRole/');
  if (!unsafe) return;
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site') throw new AppError('CSRF');
  const origin = req.headers.origin;
  if (origin && origin !== 'null') {
    let same = false;
    try {
      // Through URL, so that default ports compare equal (localhost:80 and localhost).
      same = new URL(origin).host === new URL(`${req.protocol}://${req.host}`).host;
    } catch {
      same = false;
    }
    if (!same) throw new AppError('CSRF');
  } else if (origin === 'null') {
    throw new AppError('CSRF');
  }
}

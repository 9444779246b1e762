import { AppError } from '../../../platform/http/errors.ts';
import { verifyPassword } from '../../../platform/auth/password.ts';
import { newToken, sha256 } from '../../../platform/auth/tokens.ts';
import type { Db } from '../../../platform/db/engine.ts';
import { withSystem } from '../../../platform/db/tenant.ts';
import { REMEMBER_TTL_MS, SESSION_TTL_MS } from '../../../platform/http/session-cookie.ts';
import { findAccountByMail, insertSession, recentFailures, recordAttempt } from '../auth.repository.ts';

/** Failed attempts allowed per account, and per address, in the window before 429. */
export const LOGIN_LIMITS = { perMail: 5, perIp: 30, windowMinutes: 15 } as const;

export interface LoginOutcome {
  token: string;
  rememberMe: boolean;
  mfaRequired: boolean;
}

/**
 * Signs a person in: rate limit by account and by address, argon2id check, disabled account and locked
 * company refused, then a session row whose id is the SHA-256 of the cookie token.
 */
export async function login(db: Db, input: { mail: string; password: string; rememberMe: boolean; ip: string }): Promise<LoginOutcome> {
  const { mail, password, rememberMe, ip } = input;
  const account = await withSystem(db, 'sign-in lookup', async (tx) => {
    const f = await recentFailures(tx, mail, ip, LOGIN_LIMITS.windowMinutes);
    if (f.byMail >= LOGIN_LIMITS.perMail || f.byIp >= LOGIN_LIMITS.perIp) throw new AppError('TOO_MANY_REQUESTS');
    return findAccountByMail(tx, mail);
  });
  const ok = await verifyPassword(account?.passwordHash ?? null, password);
  const outcome = await withSystem(db, 'sign-in', async (tx): Promise<LoginOutcome | AppError> => {
    // The attempt is recorded in every case, so a failure returns its error (the transaction commits).
    await recordAttempt(tx, mail, ip, ok);
    if (!ok || !account) return new AppError('BAD_CREDENTIALS');
    if (!account.enable) return new AppError('ACCOUNT_DISABLED');
    if (account.locked && !account.isSuperAdmin) return new AppError('COMPANY_LOCKED');
    if (!account.authTypes.includes('password')) {
      return new AppError('FORBIDDEN', 'Votre entreprise se connecte par authentification unique (SSO), pas par mot de passe.');
    }
    const token = newToken();
    await insertSession(tx, {
      id: sha256(token),
      entrepriseId: account.entrepriseId,
      utilisateurId: account.id,
      rememberMe,
      mfaPending: account.isMfa,
      expiresAt: new Date(Date.now() + (rememberMe ? REMEMBER_TTL_MS : SESSION_TTL_MS)),
    });
    return { token, rememberMe, mfaRequired: account.isMfa };
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

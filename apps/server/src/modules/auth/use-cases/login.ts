import { verifyPassword } from '../../../platform/auth/password.ts';
import { newToken, sha256 } from '../../../platform/auth/tokens.ts';
import type { Db } from '../../../platform/db/engine.ts';
import { withSystem } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { REMEMBER_TTL_MS, SESSION_TTL_MS } from '../../../platform/http/session-cookie.ts';
import { findAccountByMail } from '../../utilisateur/index.ts';
import { insertSession, markAttemptSucceeded, reserveAttempt } from '../auth.repository.ts';

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
 *
 * The limit holds under concurrency: one transaction checks the counts and records the attempt as a failure (under
 * advisory locks of the mail and the address, reserveAttempt), so simultaneous attempts each take a slot or get
 * 429; the slow password check runs outside any transaction, and a right password turns the attempt into a success.
 */
export async function login(db: Db, input: { mail: string; password: string; rememberMe: boolean; ip: string }): Promise<LoginOutcome> {
  const { mail, password, rememberMe, ip } = input;
  const { attemptId, account } = await withSystem(db, 'sign-in limits and lookup', async (tx) => {
    const account = await findAccountByMail(tx, mail);
    const attemptId = await reserveAttempt(tx, mail, ip, LOGIN_LIMITS);
    if (attemptId === null) throw new AppError('TOO_MANY_REQUESTS');
    return { attemptId, account };
  });
  const ok = await verifyPassword(account?.passwordHash ?? null, password);
  // A wrong password (or an unknown account) stays recorded as the failure reserved above.
  if (!ok || !account) throw new AppError('BAD_CREDENTIALS');
  const outcome = await withSystem(db, 'sign-in', async (tx): Promise<LoginOutcome | AppError> => {
    // The password was right: the attempt is a success whatever follows, so a refusal returns its error (the
    // transaction commits).
    await markAttemptSucceeded(tx, attemptId);
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

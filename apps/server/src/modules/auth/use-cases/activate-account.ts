import { hashPassword } from '../../../platform/auth/password.ts';
import { sha256 } from '../../../platform/auth/tokens.ts';
import type { Db } from '../../../platform/db/engine.ts';
import { withSystem } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { activateAccount as enableInvitedAccount, findInvitation } from '../../utilisateur/index.ts';

/**
 * An invited person sets their password with the token of their invitation mail: the account is enabled and the
 * invitation spent. The slow hash runs before the transaction; the lookup is system-wide (nobody is signed in yet).
 */
export async function activateAccount(db: Db, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await withSystem(db, 'account activation by invitation token', async (tx) => {
    const invited = await findInvitation(tx, sha256(token));
    if (!invited?.expiresAt || new Date(invited.expiresAt) < new Date()) {
      throw new AppError('VALIDATION', "Lien d'activation invalide ou expiré. Demandez une nouvelle invitation.");
    }
    await enableInvitedAccount(tx, invited.id, passwordHash);
  });
}

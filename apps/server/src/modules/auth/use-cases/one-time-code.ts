import type { Caller } from '../../../platform/auth/caller.ts';
import { newOtpCode, sameDigest, sha256 } from '../../../platform/auth/tokens.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError, CommitThenFail } from '../../../platform/http/errors.ts';
import type { Mailer } from '../../../platform/mail/outbox.ts';
import { getUserContact } from '../../utilisateur/index.ts';
import { countRecentOtps, currentOtp, insertOtp, updateOtp } from '../auth.repository.ts';

const OTP_RULES = { ttlMinutes: 10, maxAttempts: 5, maxPerWindow: 5, windowMinutes: 15 } as const;
export type OtpPurpose = 'mfa' | 'master';

/** Creates a 6-digit code for the caller and sends it through the outbox (mail, or SMS to their phone). */
export async function sendOneTimeCode(
  tx: Tx,
  mailer: Mailer,
  caller: Caller,
  purpose: OtpPurpose,
  channel: 'mail' | 'sms' = 'mail',
): Promise<{ expiresAt: Date; channel: 'mail' | 'sms' }> {
  if ((await countRecentOtps(tx, caller.userId, purpose, OTP_RULES.windowMinutes)) >= OTP_RULES.maxPerWindow) {
    throw new AppError('TOO_MANY_REQUESTS', 'Trop de codes demandés. Réessayez dans quelques minutes.');
  }
  const contact = await getUserContact(tx, caller.userId);
  if (!contact) throw new AppError('NOT_FOUND');
  if (channel === 'sms' && !contact.telephone) {
    throw new AppError('VALIDATION', "Aucun numéro de téléphone n'est enregistré : renseignez-le d'abord.");
  }
  const code = newOtpCode();
  const expiresAt = new Date(Date.now() + OTP_RULES.ttlMinutes * 60_000);
  await insertOtp(tx, { entrepriseId: contact.entrepriseId, utilisateurId: caller.userId, purpose, codeHash: sha256(code), expiresAt });
  const why = purpose === 'mfa' ? 'pour vous connecter' : "pour confirmer le verrouillage d'une entreprise";
  await mailer.queue(tx, {
    entrepriseId: contact.entrepriseId,
    canal: channel,
    destinataire: channel === 'sms' ? (contact.telephone as string) : contact.mail,
    sujet: 'Votre code à usage unique',
    corps: `Votre code ${why} : ${code}. Il est valable ${OTP_RULES.ttlMinutes} minutes.`,
  });
  return { expiresAt, channel };
}

/**
 * Checks and consumes the caller's current code. A wrong code counts an attempt (kept although the call
 * fails); after the last allowed attempt the code is retired.
 */
export async function consumeOneTimeCode(tx: Tx, caller: Caller, purpose: OtpPurpose, code: string): Promise<void> {
  const otp = await currentOtp(tx, caller.userId, purpose);
  if (!otp) throw new AppError('VALIDATION', 'Aucun code valide : demandez un nouveau code.');
  if (sameDigest(otp.codeHash, sha256(code))) {
    await updateOtp(tx, otp.id, { usedAt: new Date() });
    return;
  }
  const attempts = otp.attempts + 1;
  const exhausted = attempts >= OTP_RULES.maxAttempts;
  await updateOtp(tx, otp.id, { attempts, ...(exhausted ? { usedAt: new Date() } : {}) });
  throw new CommitThenFail(
    exhausted
      ? new AppError('TOO_MANY_REQUESTS', 'Trop de codes erronés : demandez un nouveau code.')
      : new AppError('VALIDATION', `Code incorrect. Il vous reste ${OTP_RULES.maxAttempts - attempts} essai(s).`),
  );
}

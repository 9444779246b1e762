import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { updateSession } from '../auth.repository.ts';
import { consumeOneTimeCode } from './one-time-code.ts';

/** The second factor of a sign-in: a right code ends the session's wait for it. */
export async function validateMfaCode(tx: Tx, caller: Caller, code: string): Promise<void> {
  await consumeOneTimeCode(tx, caller, 'mfa', code);
  await updateSession(tx, caller.sessionId, { mfaPending: false });
}

import { asSystem } from '../../../platform/db/tenant.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { closeSupportAccess, lockSessionSupport, setSessionSupport } from '../support.repository.ts';

/**
 * The super admin leaves support mode: the session's support row is closed (« quitter ») and the session is back
 * in his own company from the next request. Outside support mode it changes nothing (left: false).
 */
export async function leaveSupport(ctx: Ctx): Promise<{ message: string; left: boolean }> {
  const { tx, caller } = ctx;
  const current = await lockSessionSupport(tx, caller.sessionId);
  if (!current?.supportAccessId) return { message: "Vous n'étiez pas en mode support.", left: false };
  const id = current.supportAccessId;
  // The row is the client company's; a concurrent enter may have changed it since this request began.
  const closed = await asSystem(tx, 'support mode: closing the session’s support row, of whichever company', () =>
    closeSupportAccess(tx, id, 'quitter'),
  );
  await setSessionSupport(tx, caller.sessionId, null);
  return { message: closed ? 'Mode support quitté.' : "Vous n'étiez pas en mode support.", left: closed };
}

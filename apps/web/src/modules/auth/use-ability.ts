import { type AppAbility, type AppRule, abilityFor } from '@app/contracts';
import { useMemo } from 'react';
import { useCurrentSession } from './session.ts';

// Apart from session.ts: CASL (≈ 6 KiB gzip) comes with the screens that check a right, not with the app's first
// load (issue 16).

/** What the user may do, built from the rules the server sent: the UI shows actions from this only. */
export function useAbility(): AppAbility {
  const session = useCurrentSession();
  // The session schema types rules loosely (strings); they are the server's own rulesFor() output.
  return useMemo(() => abilityFor(session.rules as AppRule[]), [session.rules]);
}

import { API, type AppAbility, type AppRule, abilityFor, type UserSession } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '../../lib/api.ts';
import { authKeys } from './auth.keys.ts';

/** The signed-in user's session (GET /api/getConnectedUser); a 401 means "go to /login". */
export function useSession() {
  return useQuery({
    queryKey: authKeys.session,
    queryFn: ({ signal }) => callApi(API.auth.connectedUser, { signal }),
    staleTime: 60_000,
  });
}

/** The session inside the /app area, where SessionGate guarantees it is loaded. */
export function useCurrentSession(): UserSession {
  const { data } = useSession();
  if (!data) throw new Error('Session non chargée');
  return data;
}

/** What the user may do, built from the rules the server sent: the UI shows actions from this only. */
export function useAbility(): AppAbility {
  const session = useCurrentSession();
  // The session schema types rules loosely (strings); they are the server's own rulesFor() output.
  return useMemo(() => abilityFor(session.rules as AppRule[]), [session.rules]);
}

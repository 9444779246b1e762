import { ERRORS, type UserSession } from '@app/contracts';
import * as API from '@app/contracts/api';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { ApiError, callApi } from '../../lib/api.ts';
import { loadLanguage } from '../../lib/i18n.ts';
import { authKeys } from './auth.keys.ts';

/**
 * Whether a session may exist: the server sets the readable cookie `sid_hint` beside the httpOnly session cookie and
 * clears both on sign-out. Without it, asking for the session would only answer 401, which the browser logs as an
 * error on every first visit.
 */
export function mayHaveSession(cookies = document.cookie): boolean {
  return cookies.split(';').some((c) => c.trim().startsWith('sid_hint='));
}

/** The signed-in user's session (GET /api/getConnectedUser); a 401 means "go to /login". */
const sessionQuery = queryOptions({
  queryKey: authKeys.session,
  queryFn: async ({ signal }): Promise<UserSession> => {
    if (!mayHaveSession()) throw new ApiError({ code: 'UNAUTHENTICATED', ...ERRORS.UNAUTHENTICATED });
    const session = await callApi(API.auth.connectedUser, { signal });
    // The texts of the person's language arrive with the session (a chunk of their own): the app never shows French
    // first, then English.
    await loadLanguage(session.languageCode);
    return session;
  },
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}

/**
 * Asks for the session as the app starts, before the router has loaded the screen's code and rendered the shell
 * (issue 16: the two then arrive in parallel, not one after the other). Only when a session may exist.
 */
export function prefetchSession(queryClient: QueryClient): void {
  if (mayHaveSession()) void queryClient.prefetchQuery(sessionQuery);
}

/**
 * The session, from the cache or from the request under way (a screen's prefetch that needs the person's settings);
 * rejects without a session.
 */
export function loadSession(queryClient: QueryClient): Promise<UserSession> {
  return queryClient.ensureQueryData(sessionQuery);
}

/**
 * The last session SessionGate rendered its children with. On sign-out the query cache is cleared while the /app
 * screens may still render once (a concurrent render): they keep this one instead of throwing (React error #520).
 */
export const LastSession = createContext<UserSession | null>(null);

/** The session inside the /app area, where SessionGate guarantees it is loaded. */
export function useCurrentSession(): UserSession {
  const { data } = useSession();
  const last = useContext(LastSession);
  const session = data ?? last;
  if (!session) throw new Error('Session non chargée');
  return session;
}

import { type AppAbility, type AppRule, abilityFor, ERRORS, type UserSession } from '@app/contracts';
import * as API from '@app/contracts/api';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo } from 'react';
import { ApiError, callApi } from '../../lib/api.ts';
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
export function useSession() {
  return useQuery({
    queryKey: authKeys.session,
    queryFn: ({ signal }) =>
      mayHaveSession()
        ? callApi(API.auth.connectedUser, { signal })
        : Promise.reject(new ApiError({ code: 'UNAUTHENTICATED', ...ERRORS.UNAUTHENTICATED })),
    staleTime: 60_000,
  });
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

/**
 * Where to go after signing in: the address asked for while signed out (`?next=`), when it is a screen of the app;
 * otherwise /app.
 */
export function nextAfterSignIn(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !/^\/app(?:[/?#]|$)/.test(next) || next.includes('//') || next.includes('\\')) return '/app';
  return next;
}

/** The sign-in address that brings the person back to `target` (plain /login when the target is the home). */
export function loginFor(target: string): string {
  return target === '/app' || target === '/app/' ? '/login' : `/login?next=${encodeURIComponent(target)}`;
}

/** What the user may do, built from the rules the server sent: the UI shows actions from this only. */
export function useAbility(): AppAbility {
  const session = useCurrentSession();
  // The session schema types rules loosely (strings); they are the server's own rulesFor() output.
  return useMemo(() => abilityFor(session.rules as AppRule[]), [session.rules]);
}

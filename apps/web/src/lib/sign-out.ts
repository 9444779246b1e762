/**
 * What must stop before the session ends on the server (the live updates stream: left open, it reconnects once the
 * session is gone and answers 401 while the page leaves for the sign-in). Registered by the app shell, run by sign-out.
 */
const listeners = new Set<() => void>();
let out = false;

/** Registers `fn` to run when the person signs out; returns its removal. */
export function onSignOut(fn: () => void): () => void {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

/** Runs what was registered, before the sign-out request; from then on nothing new should open (the page leaves). */
export function signingOut(): void {
  out = true;
  for (const fn of [...listeners]) fn();
}

/** Whether this page has signed out (it is leaving for the sign-in page). */
export function hasSignedOut(): boolean {
  return out;
}

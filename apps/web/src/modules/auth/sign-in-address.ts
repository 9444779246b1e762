// Where the sign-in page and the app send each other. Kept apart from session.ts (queries, i18n): the sign-in page,
// a bundle of its own, imports this file only.

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

/**
 * Leaves the app for the sign-in page, which brings the person back to `target`. The sign-in page is a page of its own
 * (login.html, a small bundle): a full page load, which also drops the previous person's cached data.
 */
export function leaveForSignIn(target: string): void {
  window.location.replace(loginFor(target));
}

/** Enters the app after signing in (`?next=` or /app): a full page load of the app, the sign-in page being apart. */
export function enterApp(search: string): void {
  window.location.replace(nextAfterSignIn(search));
}

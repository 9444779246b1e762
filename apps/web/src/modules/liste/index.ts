// Public surface of the module: the app shell and other modules import only this file.
import type { ScreenPrefetch } from '../../lib/route-prefetch.ts';

export { listeKeys } from './liste.keys.ts';

/** Screens loaded on first visit (react-router `lazy`). */
export const listePages = {
  listes: async () => ({ Component: (await import('./pages/listes-page.tsx')).ListesPage }),
  liste: async () => ({ Component: (await import('./pages/liste-page.tsx')).ListePage }),
};

/** What a screen asks for while its code loads (route loader, lib/route-prefetch.ts); its code loads with it. */
export const listePrefetch = {
  liste: async (queryClient, args) => (await import('./liste.prefetch.ts')).prefetchListe(queryClient, args),
} satisfies Record<string, ScreenPrefetch>;

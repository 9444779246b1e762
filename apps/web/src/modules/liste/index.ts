// Public surface of the module: the app shell and other modules import only this file.
export { listeKeys } from './liste.keys.ts';

/** Screens loaded on first visit (react-router `lazy`). */
export const listePages = {
  listes: async () => ({ Component: (await import('./pages/listes-page.tsx')).ListesPage }),
  liste: async () => ({ Component: (await import('./pages/liste-page.tsx')).ListePage }),
};

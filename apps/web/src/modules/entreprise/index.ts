// Public surface of the module: the app shell and other modules import only this file.
export { entrepriseListQuery } from './entreprise.queries.ts';

/** Screens loaded on first visit (react-router `lazy`). */
export const entreprisePages = {
  entreprises: async () => ({ Component: (await import('./pages/entreprises-page.tsx')).EntreprisesPage }),
};

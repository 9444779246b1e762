// Public surface of the module: the app shell and other modules import only this file.
export { tableauKeys } from './tableau.keys.ts';

/** Screens loaded on first visit (react-router `lazy`). */
export const tableauPages = {
  tableaux: async () => ({ Component: (await import('./pages/tableaux-page.tsx')).TableauxPage }),
  tableau: async () => ({ Component: (await import('./pages/tableau-page.tsx')).TableauPage }),
};

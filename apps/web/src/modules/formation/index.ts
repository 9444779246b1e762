// Public surface of the module: the app shell and other modules import only this file.

/** Screens loaded on first visit (react-router `lazy`). */
export const formationPages = {
  formations: async () => ({ Component: (await import('./pages/formations-page.tsx')).FormationsPage }),
};

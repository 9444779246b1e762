// Public surface of the module: the app shell and other modules import only this file.
export { CoactivitePanel } from './components/coactivite-panel.tsx';

/** Screens loaded on first visit (react-router `lazy`). */
export const coactivitePages = {
  incompatibilites: async () => ({ Component: (await import('./pages/incompatibilites-page.tsx')).IncompatibilitesPage }),
};

// Public surface of the module: the app shell and other modules import only this file.
export { PermisTab } from './components/permis-tab.tsx';
export { PermisClock } from './permis-clock.ts';

/** Screens loaded on first visit (react-router `lazy`). */
export const permisPages = {
  settings: async () => ({ Component: (await import('./pages/permis-settings-page.tsx')).PermisSettingsPage }),
};

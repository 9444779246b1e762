// Public surface of the module: the app shell and other modules import only this file.
export { EquipementLocalisationTab } from './components/equipement-localisation-tab.tsx';
export { localisationKeys } from './localisation.keys.ts';

/** Screens loaded on first visit (react-router `lazy`). */
export const localisationPages = {
  localisations: async () => ({ Component: (await import('./pages/localisations-page.tsx')).LocalisationsPage }),
};

// Public surface of the module: the app shell and other modules import only this file.
export { EquipementRisquesTab } from './components/equipement-risques-tab.tsx';
export { risqueKeys } from './risque.keys.ts';

/** Screens loaded on first visit (react-router `lazy`). */
export const risquePages = {
  risques: async () => ({ Component: (await import('./pages/risques-page.tsx')).RisquesPage }),
};

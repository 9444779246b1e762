// Public surface of the module: the app shell and other modules import only this file.
export { EquipementRelevesTab } from './components/equipement-releves-tab.tsx';

/** Screens loaded on first visit (react-router `lazy`). */
export const gammePages = {
  gammes: async () => ({ Component: (await import('./pages/gammes-page.tsx')).GammesPage }),
  gammePoints: async () => ({ Component: (await import('./pages/gamme-points-page.tsx')).GammePointsPage }),
  manoeuvres: async () => ({ Component: (await import('./pages/manoeuvres-page.tsx')).ManoeuvresPage }),
  manoeuvreSheet: async () => ({ Component: (await import('./pages/manoeuvre-sheet-page.tsx')).ManoeuvreSheetPage }),
  releves: async () => ({ Component: (await import('./pages/releves-page.tsx')).RelevesPage }),
  releveRound: async () => ({ Component: (await import('./pages/releve-round-page.tsx')).ReleveRoundPage }),
};

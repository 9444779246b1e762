// Public surface of the module: the app shell and other modules import only this file.

export { equipementKeys } from './equipement.keys.ts';
export { useEquipementLabel } from './equipement-label.ts';
export type { EquipementTabDef, EquipementTabProps } from './equipement-tabs.tsx';

/** Screens loaded on first visit (react-router `lazy`). */
export const equipementPages = {
  equipements: async () => ({ Component: (await import('./pages/equipements-page.tsx')).EquipementsPage }),
};

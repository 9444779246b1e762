// Public surface of the module: the app shell and other modules import only this file.
export { useProfilChoices, useProfilList } from './profil.queries.ts';

/** Screens loaded on first visit (react-router `lazy`). */
export const profilPages = {
  profils: async () => ({ Component: (await import('./pages/profils-page.tsx')).ProfilsPage }),
};

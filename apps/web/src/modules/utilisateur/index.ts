// Public surface of the module: the app shell and other modules import only this file.
export { useContractorPeople, usePeopleChoices, useUtilisateurOptions, useUtilisateursLight } from './utilisateur.queries.ts';

/** Screens loaded on first visit (react-router `lazy`). */
export const utilisateurPages = {
  utilisateurs: async () => ({ Component: (await import('./pages/utilisateurs-page.tsx')).UtilisateursPage }),
};

// Public surface of the module: the app shell and other modules import only this file.
/** Screens loaded on first visit (react-router `lazy`). */
export const entrepriseSettingPages = {
  parametres: async () => ({ Component: (await import('./pages/entreprise-setting-page.tsx')).EntrepriseSettingPage }),
};

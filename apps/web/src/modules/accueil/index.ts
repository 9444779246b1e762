// Public surface of the module: the app shell and other modules import only this file.
export { accueilKeys } from './accueil.keys.ts';

/** The home screen, loaded apart from the first load like every screen (issue 16): a screen opened by its address
 * does not bring it. The router asks for it as the app starts, in parallel with the session. */
export const accueilPages = {
  home: async () => ({ Component: (await import('./pages/home-page.tsx')).HomePage }),
};

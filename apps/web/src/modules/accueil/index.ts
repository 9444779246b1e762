// Public surface of the module: the app shell and other modules import only this file.
export { accueilKeys } from './accueil.keys.ts';
export { HomePage } from './pages/home-page.tsx';

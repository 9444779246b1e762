// Public surface of the module: the app shell and other modules import only this file.
export { HomePage } from './pages/home-page.tsx';

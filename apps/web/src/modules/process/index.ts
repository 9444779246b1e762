// Public surface of the module: the app shell and other modules import only this file.
export { processKeys } from './process.keys.ts';
export { displayValue, ETAT_COLORS, ETAT_LABELS, optionsOf, processCountLabel } from './process.util.ts';

/** Screens loaded on first visit (react-router `lazy`). */
export const processPages = {
  processus: async () => ({ Component: (await import('./pages/processus-page.tsx')).ProcessusPage }),
  process: async () => ({ Component: (await import('./pages/process-page.tsx')).ProcessPage }),
};

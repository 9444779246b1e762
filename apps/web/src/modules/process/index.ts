// Public surface of the module: the app shell and other modules import only this file.
import type { ScreenPrefetch } from '../../lib/route-prefetch.ts';
import { prefetchProcess } from './process.prefetch.ts';

export { processKeys } from './process.keys.ts';
export { displayValue, ETAT_COLORS, ETAT_LABELS, optionsOf, processCountLabel } from './process.util.ts';

/** Screens loaded on first visit (react-router `lazy`). */
export const processPages = {
  processus: async () => ({ Component: (await import('./pages/processus-page.tsx')).ProcessusPage }),
  process: async () => ({ Component: (await import('./pages/process-page.tsx')).ProcessPage }),
};

/** What a screen asks for while its code loads (route loader, lib/route-prefetch.ts). */
export const processPrefetch = {
  process: prefetchProcess,
} satisfies Record<string, ScreenPrefetch>;

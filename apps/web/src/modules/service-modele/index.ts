// Public surface of the module: the app shell and other modules import only this file.
export { useServiceModeleChoices } from './service-modele.queries.ts';

/** Screens loaded on first visit (react-router `lazy`). */
export const serviceModelePages = {
  services: async () => ({ Component: (await import('./pages/services-page.tsx')).ServicesPage }),
};

// Public surface of the module: the app shell and other modules import only this file.
// The « Consignation » tab of a lockout's process (process screen) and a step's lockout settings (workflow editor).
export { type LockoutStep, LockoutStepInput, lockoutStepOf } from './components/lockout-step-input.tsx';
export { LockoutTab } from './components/lockout-tab.tsx';
// The live updates (app shell) refresh the register and the lockouts named by a process event.
export { consignationKeys } from './consignation.keys.ts';

/** Screens loaded on first visit (react-router `lazy`). */
export const consignationPages = {
  registre: async () => ({ Component: (await import('./pages/registre-page.tsx')).RegistrePage }),
  codes: async () => ({ Component: (await import('./pages/codes-page.tsx')).CodesPage }),
};

// Public surface of the module: the app shell and other modules import only this file.
export { authKeys } from './auth.keys.ts';
export { useChangeLogiciel, useChangeRole, useLogout, useSaveLanguage } from './auth.queries.ts';
export { SessionGate } from './components/session-gate.tsx';
export { LoginPage } from './pages/login-page.tsx';
export { loadSession, prefetchSession, useCurrentSession } from './session.ts';
export { useAbility } from './use-ability.ts';

/** Screens of the module loaded on first visit (react-router `lazy`), to keep the sign-in bundle small. */
export const authPages = {
  activation: async () => ({ Component: (await import('./pages/activation-page.tsx')).ActivationPage }),
};

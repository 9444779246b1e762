import { createBrowserRouter, Navigate } from 'react-router';
import { ComingSoonPage } from '../modules/accueil/pages/coming-soon-page.tsx';
import { HomePage } from '../modules/accueil/pages/home-page.tsx';
import { LoginPage } from '../modules/auth/pages/login-page.tsx';
import { RouteErrorPage } from './error-boundary.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/** Screens loaded on first visit, to keep the sign-in bundle small. */
const lazyPage = {
  activation: async () => ({ Component: (await import('../modules/auth/pages/activation-page.tsx')).ActivationPage }),
  utilisateurs: async () => ({
    Component: (await import('../modules/utilisateur/pages/utilisateurs-page.tsx')).UtilisateursPage,
  }),
  parametres: async () => ({
    Component: (await import('../modules/entreprise-setting/pages/entreprise-setting-page.tsx')).EntrepriseSettingPage,
  }),
  permissions: async () => ({
    Component: (await import('../modules/permission/pages/permissions-page.tsx')).PermissionsPage,
  }),
  menu: async () => ({ Component: (await import('../modules/permission/pages/menu-page.tsx')).MenuPage }),
  profils: async () => ({ Component: (await import('../modules/profil/pages/profils-page.tsx')).ProfilsPage }),
  services: async () => ({
    Component: (await import('../modules/service-modele/pages/services-page.tsx')).ServicesPage,
  }),
  workflows: async () => ({ Component: (await import('../modules/workflow/pages/workflows-page.tsx')).WorkflowsPage }),
  workflowEditor: async () => ({
    Component: (await import('../modules/workflow/pages/workflow-editor-page.tsx')).WorkflowEditorPage,
  }),
  processus: async () => ({ Component: (await import('../modules/process/pages/processus-page.tsx')).ProcessusPage }),
  process: async () => ({ Component: (await import('../modules/process/pages/process-page.tsx')).ProcessPage }),
  listes: async () => ({ Component: (await import('../modules/liste/pages/listes-page.tsx')).ListesPage }),
  liste: async () => ({ Component: (await import('../modules/liste/pages/liste-page.tsx')).ListePage }),
  entreprises: async () => ({
    Component: (await import('../modules/entreprise/pages/entreprises-page.tsx')).EntreprisesPage,
  }),
  tableaux: async () => ({ Component: (await import('../modules/tableau/pages/tableaux-page.tsx')).TableauxPage }),
  tableau: async () => ({ Component: (await import('../modules/tableau/pages/tableau-page.tsx')).TableauPage }),
};

export function createAppRouter() {
  return createBrowserRouter([
    { path: '/', element: <Navigate to="/app" replace />, errorElement: <RouteErrorPage /> },
    { path: '/login', element: <LoginPage />, errorElement: <RouteErrorPage /> },
    { path: '/activation', lazy: lazyPage.activation, errorElement: <RouteErrorPage /> },
    {
      path: '/app',
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: <HomePage /> },
        { path: 'utilisateurs', lazy: lazyPage.utilisateurs },
        { path: 'parametres', lazy: lazyPage.parametres },
        { path: 'permissions', lazy: lazyPage.permissions },
        { path: 'menu', lazy: lazyPage.menu },
        { path: 'profils', lazy: lazyPage.profils },
        { path: 'services', lazy: lazyPage.services },
        { path: 'entreprises', lazy: lazyPage.entreprises },
        { path: 'workflows', lazy: lazyPage.workflows },
        { path: 'workflows/:id', lazy: lazyPage.workflowEditor },
        { path: 'processus', lazy: lazyPage.processus },
        { path: 'processus/:id', lazy: lazyPage.process },
        { path: 'listes', lazy: lazyPage.listes },
        { path: 'listes/:variant', lazy: lazyPage.liste },
        { path: 'tableaux', lazy: lazyPage.tableaux },
        { path: 'tableaux/:id', lazy: lazyPage.tableau },
        { path: ':slug', element: <ComingSoonPage /> },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ]);
}

import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate } from 'react-router';
import { lazyScreen } from '../lib/route-prefetch.ts';
import { accueilPages } from '../modules/accueil/index.ts';
import { authPages } from '../modules/auth/index.ts';
import { coactivitePages } from '../modules/coactivite/index.ts';
import { consignationPages } from '../modules/consignation/index.ts';
import { entreprisePages } from '../modules/entreprise/index.ts';
import { entrepriseSettingPages } from '../modules/entreprise-setting/index.ts';
import { equipementPages } from '../modules/equipement/index.ts';
import { formationPages } from '../modules/formation/index.ts';
import { gammePages } from '../modules/gamme/index.ts';
import { habilitationPages } from '../modules/habilitation/index.ts';
import { listePages, listePrefetch } from '../modules/liste/index.ts';
import { localisationPages } from '../modules/localisation/index.ts';
import { permisPages } from '../modules/permis/index.ts';
import { permissionPages } from '../modules/permission/index.ts';
import { processPages, processPrefetch } from '../modules/process/index.ts';
import { profilPages } from '../modules/profil/index.ts';
import { qcmPages } from '../modules/qcm/index.ts';
import { risquePages } from '../modules/risque/index.ts';
import { serviceModelePages } from '../modules/service-modele/index.ts';
import { tableauPages } from '../modules/tableau/index.ts';
import { utilisateurPages } from '../modules/utilisateur/index.ts';
import { workflowPages } from '../modules/workflow/index.ts';
import { RouteErrorPage } from './error-boundary.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { PageLoader } from './page-loader.tsx';

// The sign-in page is a page of its own (login.html, login-main.tsx; the server answers GET /login with it). Every screen
// (home too) is loaded on first visit (each module's `…Pages`), to keep the app's first load small.
// A first load of such a screen shows PageLoader (HydrateFallback) until its code arrives. Unknown /app addresses say
// « Page introuvable » inside the shell; a screen whose menu entry the person lacks says « Accès refusé » (app-layout).
// A screen with a prefetch (a module's `…Prefetch`) starts its first requests while its code loads (lib/route-prefetch.ts);
// the server lists each screen's code in the page it answers an address with (modulepreload, build/screen-routes.ts).
export function createAppRouter(queryClient: QueryClient) {
  const screen = (lazy: Parameters<typeof lazyScreen>[1], prefetch?: Parameters<typeof lazyScreen>[2]) =>
    lazyScreen(queryClient, lazy, prefetch);
  return createBrowserRouter([
    { path: '/', element: <Navigate to="/app" replace />, errorElement: <RouteErrorPage /> },
    { path: '/activation', lazy: authPages.activation, errorElement: <RouteErrorPage />, HydrateFallback: PageLoader },
    {
      path: '/app',
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      HydrateFallback: PageLoader,
      children: [
        { index: true, lazy: accueilPages.home },
        { path: 'utilisateurs', lazy: utilisateurPages.utilisateurs },
        { path: 'parametres', lazy: entrepriseSettingPages.parametres },
        { path: 'permissions', lazy: permissionPages.permissions },
        { path: 'menu', lazy: permissionPages.menu },
        { path: 'profils', lazy: profilPages.profils },
        { path: 'services', lazy: serviceModelePages.services },
        { path: 'entreprises', lazy: entreprisePages.entreprises },
        { path: 'workflows', lazy: workflowPages.workflows },
        { path: 'workflows/:id', lazy: workflowPages.workflowEditor },
        { path: 'processus', lazy: processPages.processus },
        { path: 'processus/:id', ...screen(processPages.process, processPrefetch.process) },
        { path: 'listes', lazy: listePages.listes },
        { path: 'listes/:variant', ...screen(listePages.liste, listePrefetch.liste) },
        { path: 'tableaux', lazy: tableauPages.tableaux },
        { path: 'tableaux/:id', lazy: tableauPages.tableau },
        { path: 'localisations', lazy: localisationPages.localisations },
        { path: 'risques', lazy: risquePages.risques },
        { path: 'equipements', lazy: equipementPages.equipements },
        { path: 'equipements/:id', lazy: equipementPages.equipements },
        { path: 'gammes', lazy: gammePages.gammes },
        { path: 'gammes/:id', lazy: gammePages.gammePoints },
        { path: 'manoeuvres', lazy: gammePages.manoeuvres },
        { path: 'manoeuvres/:id', lazy: gammePages.manoeuvreSheet },
        { path: 'releves', lazy: gammePages.releves },
        { path: 'releves/:id', lazy: gammePages.releveRound },
        // QCM and trainings (ticket 14).
        { path: 'qcm', lazy: qcmPages.qcms },
        { path: 'qcm/:id', lazy: qcmPages.qcmQuestions },
        { path: 'parametres-evaluations', lazy: qcmPages.settings },
        { path: 'evaluations', lazy: qcmPages.evaluations },
        { path: 'evaluations/:id', lazy: qcmPages.evaluation },
        { path: 'formations', lazy: formationPages.formations },
        { path: 'habilitations', lazy: habilitationPages.titres },
        { path: 'habilitations/titres/:id', lazy: habilitationPages.titre },
        { path: 'habilitations/personnes/:id', lazy: habilitationPages.personne },
        { path: 'symboles-habilitation', lazy: habilitationPages.symboles },
        { path: 'visites-medicales', lazy: habilitationPages.visitesMedicales },
        // Lockouts and permits (ticket 15): the register and the company's register codes, the coactivité matrix.
        { path: 'registre-consignations', lazy: consignationPages.registre },
        { path: 'codes-registre', lazy: consignationPages.codes },
        { path: 'incompatibilites', lazy: coactivitePages.incompatibilites },
        // Permits and the fire watch (ticket 15).
        { path: 'parametres-permis', lazy: permisPages.settings },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ]);
}

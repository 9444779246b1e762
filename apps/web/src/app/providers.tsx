import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { i18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { prefetchSession } from '../modules/auth/index.ts';
import { AppDatesProvider } from '../ui/dates-provider.tsx';
import { preloadHeaderControls } from './layout/header-controls.tsx';
import { createAppRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

// The notifications' container is not needed for the first paint: it loads right after (issue 16). One shown before
// it is mounted waits in the notifications store and appears then.
const Notifications = lazy(async () => ({ default: (await import('./notifications-container.tsx')).Notifications }));

/**
 * The query client, with the first requests of an /app address already under way (issue 16): the session and the
 * header's controls load while the router loads the screen's code, instead of after it.
 */
function startApp() {
  const queryClient = createQueryClient();
  if (window.location.pathname.startsWith('/app')) {
    prefetchSession(queryClient);
    preloadHeaderControls();
  }
  return queryClient;
}

/** Every provider of the app, outermost first: theme, notifications, i18n, queries, router. */
export function Providers() {
  const [queryClient] = useState(startApp);
  const [router] = useState(createAppRouter);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Suspense fallback={null}>
        <Notifications position="top-right" />
      </Suspense>
      <I18nextProvider i18n={i18n}>
        <AppDatesProvider>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AppDatesProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}

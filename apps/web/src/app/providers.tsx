import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { i18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { prefetchSession } from '../modules/auth/index.ts';
import { AppDatesProvider } from '../ui/dates-provider.tsx';
import { preloadHeaderControls } from './layout/header-controls.tsx';
import type { createAppRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

// The notifications' container is not needed for the first paint: it loads right after (issue 16). One shown before
// it is mounted waits in the notifications store and appears then.
const Notifications = lazy(async () => ({ default: (await import('./notifications-container.tsx')).Notifications }));

/**
 * The query client, with the first requests of an /app address already under way (issue 16): the session loads
 * while the router loads the screen's code, instead of after it.
 */
export function startQueries(): QueryClient {
  const queryClient = createQueryClient();
  if (window.location.pathname.startsWith('/app')) prefetchSession(queryClient);
  return queryClient;
}

/** The header's controls load while the screen's code and the session do (an /app address). */
export function startHeaderControls(): void {
  if (window.location.pathname.startsWith('/app')) preloadHeaderControls();
}

/**
 * Every provider of the app, outermost first: theme, notifications, i18n, queries, router. The query client and the
 * router are made before the first render, each in a task of its own (main.tsx): made during it, with the first
 * requests, they were one long task of the main thread.
 */
export function Providers({ queryClient, router }: { queryClient: QueryClient; router: ReturnType<typeof createAppRouter> }) {
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

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { i18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { AppDatesProvider } from '../ui/date-fields.tsx';
import { createAppRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/** Every provider of the app, outermost first: theme, notifications, i18n, queries, router. */
export function Providers() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" />
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

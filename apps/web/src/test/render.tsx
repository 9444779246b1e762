import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/theme.ts';
import { i18n } from '../lib/i18n.ts';
import { AppDatesProvider } from '../ui/dates-provider.tsx';

/** An address, or an entry with its navigation state. */
export type TestRoute = string | { pathname: string; search?: string; state?: unknown };

/**
 * Renders a component with the app's providers (Mantine in test mode, i18n, queries, a memory router); `route` is an
 * address or an entry with its navigation state.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/' as string | { pathname: string; search?: string; state?: unknown } } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <I18nextProvider i18n={i18n}>
        <AppDatesProvider>
          <QueryClientProvider client={queryClient}>
            <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
          </QueryClientProvider>
        </AppDatesProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
}

/** A fetch stub answering one JSON response. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

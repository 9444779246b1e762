import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { sessionFixture } from '../test/fixtures.ts';
import { stubServer } from '../test/stub-server.ts';
import { createAppRouter } from './router.tsx';
import { theme } from './theme.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function openAt(path: string) {
  window.history.replaceState(null, '', path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme} env="test">
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={createAppRouter()} />
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
}

const item = (slug: string, idx: number) => ({ id: slug, slug, libelle: slug, parentId: null, idx, logiciel: null });

describe('the router', () => {
  it('loads a lazy screen on a first visit behind a fallback, without the router warning about HydrateFallback', async () => {
    const warn = vi.spyOn(console, 'warn');
    stubServer({
      'GET /api/getConnectedUser': () => sessionFixture({ menuItems: [item('accueil', 0)] }),
    });
    openAt('/app/utilisateurs');
    // The technician-like session has no Utilisateurs entry: the lazily loaded screen is refused once it arrives.
    expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeInTheDocument();
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/HydrateFallback/);
  });

  it('says « Page introuvable » for an unknown address of the app', async () => {
    stubServer({ 'GET /api/getConnectedUser': () => sessionFixture({ menuItems: [item('accueil', 0)] }) });
    openAt('/app/xyz');
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
  });
});

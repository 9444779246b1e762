import { LIST_OF_SLUG } from '@app/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
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
  const router = createAppRouter(queryClient);
  render(
    <MantineProvider theme={theme} env="test">
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
}

/** The menu slug of the « Mes consignations » list. */
const LIST_SLUG = Object.keys(LIST_OF_SLUG).find((s) => LIST_OF_SLUG[s] === 'MES_CONSIGNATIONS') ?? '';
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

  it('asks for a process and its workflow together while the screen loads (the screen asks one after the other)', async () => {
    // The process is not found: without the prefetch, the screen never asks for its workflow.
    const calls = stubServer({ 'GET /api/getConnectedUser': () => sessionFixture({ menuItems: [item('accueil', 0)] }) });
    openAt('/app/processus/42');
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/v3/process/modele/42'));
    expect(calls.map((c) => c.url)).toContain('/api/v3/process/get/42');
  });

  it("asks for a list's first page with the session's settings and the address's sort; the screen uses that page", async () => {
    const calls = stubServer({
      'GET /api/getConnectedUser': () =>
        sessionFixture({
          settings: { tables: { MES_CONSIGNATIONS: { perPage: 50 } } },
          menuItems: [item('accueil', 0), item(LIST_SLUG, 1)],
        }),
      'POST /api/process/search_by_paging': () => ({ items: [], total: 0, totalExact: true, nextCursor: null, perPage: 50, offset: 0 }),
    });
    openAt('/app/listes/MES_CONSIGNATIONS?sort=dateDebut.asc');
    const searches = () => calls.filter((c) => c.url.startsWith('/api/process/search_by_paging'));
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]?.body).toMatchObject({ variant: 'MES_CONSIGNATIONS', perPage: 50, sort: { key: 'dateDebut', order: 'asc' } });
    // The screen shows that page: the same key, not asked for twice.
    expect(await screen.findByRole('table', { name: 'Mes consignations' })).toBeInTheDocument();
    expect(await screen.findByText('Aucun processus dans cette liste.')).toBeInTheDocument();
    expect(searches()).toHaveLength(1);
  });
});

import type { ProcessSearch } from '@app/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture } from '../../test/fixtures.ts';
import { stubServer } from '../../test/stub-server.ts';
import { listeKeys } from './liste.keys.ts';
import { listScope, prefetchListe } from './liste.prefetch.ts';
import { filtersFromParams } from './liste-search.ts';
import { readTableSettings } from './liste-settings.ts';

afterEach(() => vi.unstubAllGlobals());

function setup(settings: Record<string, unknown> = {}) {
  const calls = stubServer({
    'GET /api/getConnectedUser': () => sessionFixture({ settings }),
    'POST /api/process/search_by_paging': (c) => ({
      items: [],
      total: 0,
      totalExact: true,
      nextCursor: null,
      perPage: (c.body as ProcessSearch).perPage,
      offset: 0,
    }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const searches = () => calls.filter((c) => c.url.startsWith('/api/process/search_by_paging')).map((c) => c.body as ProcessSearch);
  return { queryClient, searches };
}

const args = (variant: string, query = '') => ({ params: { variant }, url: new URL(`http://localhost/app/listes/${variant}${query}`) });

describe('prefetchListe', () => {
  it("asks for the address's page, filters and sort, and caches it under the screen's key", async () => {
    const { queryClient, searches } = setup({ tables: { MES_CONSIGNATIONS: { perPage: 50 } } });
    await prefetchListe(queryClient, args('MES_CONSIGNATIONS', '?q=pompe&sort=dateDebut.asc&page=3'));
    expect(searches()).toEqual([
      expect.objectContaining({
        variant: 'MES_CONSIGNATIONS',
        perPage: 50,
        offset: 100,
        cursor: null,
        sort: { key: 'dateDebut', order: 'asc' },
        filters: { search: 'pompe' },
      }),
    ]);
    // The key the screen computes from the same session and address.
    const settings = readTableSettings({ tables: { MES_CONSIGNATIONS: { perPage: 50 } } }, 'MES_CONSIGNATIONS');
    const params = new URLSearchParams('q=pompe');
    const { scope } = listScope(
      'MES_CONSIGNATIONS',
      settings,
      filtersFromParams(params),
      { key: 'dateDebut', order: 'asc' },
      new Set([7]),
      new Date(),
      'Europe/Paris',
    );
    expect(queryClient.getQueryData(listeKeys.page(scope, 50, 3, 'Europe/Paris'))).toMatchObject({ total: 0 });
  });

  it('leaves a list with a saved workflow filter to the screen (the workflows must be known first), and an unknown list', async () => {
    const { queryClient, searches } = setup({ tables: { MES_CONSIGNATIONS: { workflows: [7] } } });
    await prefetchListe(queryClient, args('MES_CONSIGNATIONS'));
    await prefetchListe(queryClient, args('PAS_UNE_LISTE'));
    expect(searches()).toEqual([]);
  });
});

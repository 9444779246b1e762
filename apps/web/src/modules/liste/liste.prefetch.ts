import { type EndpointResponse, LIST_VARIANTS, type ListVariant, type ProcessSearch, type UserSession } from '@app/contracts';
import * as API from '@app/contracts/api';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import type { PrefetchArgs } from '../../lib/route-prefetch.ts';
import { loadSession } from '../auth/index.ts';
import { listeKeys } from './liste.keys.ts';
import { type CursorMap, pageNeedsFetch, pageRequest, rememberCursor } from './liste-paging.ts';
import { type FilterState, filtersFromParams, pageFromParams, searchFilters, sortFromParams } from './liste-search.ts';
import { readTableSettings, type TableSettings } from './liste-settings.ts';

export type SearchResult = EndpointResponse<typeof API.processSearch.search>;
/** The search without its paging: what the cached pages of one list share. */
export type SearchScope = Pick<ProcessSearch, 'filters' | 'sort'> & { variant: ListVariant };

/** Where a list keeps the cursors of the pages it fetched (the screen: a ref per filters and size). */
export interface CursorMemory {
  read(): CursorMap;
  write(map: CursorMap): void;
}

/**
 * One page of a list, cached by (filters, page, perPage). Page N+1 is fetched with the cursor page N gave (from
 * `memory`, or from page N in the cache); a cached page is fetched again only when missing, of another size, or short
 * while not the last. Used by the screen (useListPage) and by its prefetch: the same key and the same request.
 */
export function listPageQuery(
  queryClient: QueryClient,
  scope: SearchScope,
  perPage: number,
  page: number,
  timeZone: string,
  memory?: CursorMemory,
) {
  return queryOptions({
    queryKey: listeKeys.page(scope, perPage, page, timeZone),
    queryFn: async ({ signal }) => {
      let map = memory?.read() ?? new Map<number, string>();
      if (!map.has(page) && page > 1) {
        // The previous page may be cached from an earlier visit: its nextCursor opens this one.
        const previous = queryClient.getQueryData<SearchResult>(listeKeys.page(scope, perPage, page - 1, timeZone));
        if (previous?.nextCursor) map = rememberCursor(map, page - 1, previous.nextCursor);
      }
      const { cursor, offset } = pageRequest(page, perPage, map);
      const body: ProcessSearch = { ...scope, perPage, offset, cursor };
      const result = await callApi(API.processSearch.search, { query: { tz: timeZone }, body, signal });
      memory?.write(rememberCursor(map, page, result.nextCursor));
      return result;
    },
    staleTime: (q) => (pageNeedsFetch(q.state.data as SearchResult | undefined, page, perPage) ? 0 : Number.POSITIVE_INFINITY),
  });
}

/**
 * The search a list screen sends: its filters from the address and the saved settings, the sort of the address or
 * the settings. A workflow kept in the saved filter may since have been deleted: the server refuses an id that names
 * nothing (400), so only the workflows still known are sent once they are known (`known`, null before).
 */
export function listScope(
  variant: ListVariant,
  settings: TableSettings,
  filters: FilterState,
  sort: TableSettings['sort'],
  known: ReadonlySet<number> | null,
  now: Date,
  timeZone: string,
): { scope: SearchScope; live: TableSettings } {
  const live = known ? { ...settings, workflows: settings.workflows.filter((id) => known.has(id)) } : settings;
  return { scope: { variant, filters: searchFilters(filters, live, now, timeZone), sort }, live };
}

/** The time zone a list's dates are read in: the person's, else Paris. */
export const listTimeZone = (session: UserSession) => session.timezone || 'Europe/Paris';

/**
 * /app/listes/:variant: the page of rows the screen shows first, asked for as soon as the session is known (its
 * settings hold the list's size, sort and saved filters). A saved workflow filter needs the workflows first (see
 * listScope): the screen asks for that page itself.
 */
export async function prefetchListe(queryClient: QueryClient, { params, url }: PrefetchArgs): Promise<void> {
  const variant = params.variant;
  if (!variant || !Object.hasOwn(LIST_VARIANTS, variant)) return;
  const session = await loadSession(queryClient);
  const settings = readTableSettings(session.settings, variant as ListVariant);
  if (settings.workflows.length > 0) return;
  const timeZone = listTimeZone(session);
  const search = url.searchParams;
  const { scope } = listScope(
    variant as ListVariant,
    settings,
    filtersFromParams(search),
    sortFromParams(search) ?? settings.sort,
    null,
    new Date(),
    timeZone,
  );
  await queryClient.prefetchQuery(listPageQuery(queryClient, scope, settings.perPage, pageFromParams(search), timeZone));
}

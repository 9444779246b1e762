import type { EndpointResponse, ListVariant, ProcessSearch, UserSession } from '@app/contracts';
import * as API from '@app/contracts/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { callApi } from '../../lib/api.ts';
import { notifyError } from '../../lib/notify.ts';
import { authKeys } from '../auth/index.ts';
import { entrepriseListQuery } from '../entreprise/index.ts';
import { listeKeys } from './liste.keys.ts';
import { type CursorMap, pageNeedsFetch, pageRequest, rememberCursor } from './liste-paging.ts';
import { type TableSettings, writeTableSettings } from './liste-settings.ts';

export type SearchResult = EndpointResponse<typeof API.processSearch.search>;
export type SearchRow = SearchResult['items'][number];
/** The search without its paging: what the cached pages of one list share. */
export type SearchScope = Pick<ProcessSearch, 'filters' | 'sort'> & { variant: ListVariant };

/**
 * One page of a list, cached by (filters, page, perPage). Page N+1 is fetched with the cursor page N gave;
 * a cached page is fetched again only when missing, of another size, or short while not the last.
 */
export function useListPage(scope: SearchScope, perPage: number, page: number, timeZone = 'Europe/Paris') {
  const queryClient = useQueryClient();
  const scopeId = JSON.stringify([scope, perPage]);
  const cursors = useRef<{ scopeId: string; map: CursorMap }>({ scopeId, map: new Map() });
  if (cursors.current.scopeId !== scopeId) cursors.current = { scopeId, map: new Map() };
  const queryKey = listeKeys.page(scope, perPage, page, timeZone);
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      let map = cursors.current.map;
      if (!map.has(page) && page > 1) {
        // The previous page may be cached from an earlier visit: its nextCursor opens this one.
        const previous = queryClient.getQueryData<SearchResult>(listeKeys.page(scope, perPage, page - 1, timeZone));
        if (previous?.nextCursor) map = rememberCursor(map, page - 1, previous.nextCursor);
      }
      const { cursor, offset } = pageRequest(page, perPage, map);
      const body: ProcessSearch = { ...scope, perPage, offset, cursor };
      const result = await callApi(API.processSearch.search, { query: { tz: timeZone }, body, signal });
      if (cursors.current.scopeId === scopeId) cursors.current.map = rememberCursor(map, page, result.nextCursor);
      return result;
    },
    staleTime: (q) => (pageNeedsFetch(q.state.data as SearchResult | undefined, page, perPage) ? 0 : Number.POSITIVE_INFINITY),
    placeholderData: keepPreviousData,
  });
}

/** Forgets every cached page of a list (rows per page changed: the old pages no longer fit). */
export function useDropListPages() {
  const queryClient = useQueryClient();
  return (variant: ListVariant) => queryClient.removeQueries({ queryKey: listeKeys.variant(variant) });
}

/**
 * Saves one list's settings in the user's settings. The session is updated at once, in the caller's event (the
 * checkbox or the sort follows the click before the server answers), then sent; a refusal reloads the session.
 */
export function useSaveTableSettings(variant: ListVariant) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (settings: UserSession['settings']) => callApi(API.utilisateur.saveSetting, { body: { settings } }),
    onError: (e) => {
      notifyError(e);
      void queryClient.invalidateQueries({ queryKey: authKeys.session });
    },
  });
  return {
    mutate: (s: TableSettings) => {
      const session = queryClient.getQueryData<UserSession>(authKeys.session);
      const settings = writeTableSettings(session?.settings ?? {}, variant, s);
      queryClient.setQueryData<UserSession>(authKeys.session, (old) =>
        old ? { ...old, settings: { ...old.settings, ...settings } } : old,
      );
      mutation.mutate(settings);
    },
  };
}

/**
 * The contractor companies one may filter a list by: the caller's company's partners of type prestataire (from
 * get_entreprises, which lists one's own company with its partners). Without the right to read companies the query
 * fails and the filter is not offered.
 */
export function usePrestataireChoices(entrepriseId: number, enabled: boolean) {
  return useQuery({
    ...entrepriseListQuery(),
    enabled,
    staleTime: 5 * 60_000,
    select: (list) =>
      (list.find((e) => e.id === entrepriseId)?.partenaires ?? [])
        .filter((p) => p.type === 'prestataire')
        .map((p) => ({ value: String(p.entrepriseId), label: p.nom }))
        .sort((a, b) => a.label.localeCompare(b.label, 'fr')),
  });
}

import type { ListVariant, UserSession } from '@app/contracts';
import * as API from '@app/contracts/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { callApi } from '../../lib/api.ts';
import { notifyError } from '../../lib/notify.ts';
import { authKeys } from '../auth/index.ts';
import { entrepriseListQuery } from '../entreprise/index.ts';
import { listeKeys } from './liste.keys.ts';
import { type CursorMemory, listPageQuery, type SearchResult, type SearchScope } from './liste.prefetch.ts';
import type { CursorMap } from './liste-paging.ts';
import { type TableSettings, writeTableSettings } from './liste-settings.ts';

export type { SearchResult, SearchScope } from './liste.prefetch.ts';
export type SearchRow = SearchResult['items'][number];

/** One page of a list (listPageQuery), the pages' cursors kept per filters and size while the screen lives. */
export function useListPage(scope: SearchScope, perPage: number, page: number, timeZone = 'Europe/Paris') {
  const queryClient = useQueryClient();
  const scopeId = JSON.stringify([scope, perPage]);
  const cursors = useRef<{ scopeId: string; map: CursorMap }>({ scopeId, map: new Map() });
  if (cursors.current.scopeId !== scopeId) cursors.current = { scopeId, map: new Map() };
  const memory: CursorMemory = {
    read: () => cursors.current.map,
    write: (map) => {
      if (cursors.current.scopeId === scopeId) cursors.current.map = map;
    },
  };
  return useQuery({ ...listPageQuery(queryClient, scope, perPage, page, timeZone, memory), placeholderData: keepPreviousData });
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

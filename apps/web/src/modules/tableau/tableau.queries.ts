import type { AnyEndpoint, EndpointQuery, EndpointResponse, Metrique } from '@app/contracts';
import * as API from '@app/contracts/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type CallInput, callApi } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useWorkflowFields } from '../workflow/index.ts';
import { tableauKeys } from './tableau.keys.ts';

const T = API.tableau;
export type Filtre = EndpointResponse<typeof T.filtres>[number];
export type Affichage = EndpointResponse<typeof T.affichages>[number];
export type TableauRowsQuery = EndpointQuery<typeof T.processes>;
type TableauRows = EndpointResponse<typeof T.processes>;
export type TableauRow = TableauRows['items'][number];

/** The company's boards the caller may read, with their abilities. */
export function useTableaux() {
  return useQuery({ queryKey: tableauKeys.list, queryFn: ({ signal }) => callApi(T.byLogiciel, { query: {}, signal }) });
}

export function useTableau(id: number) {
  return useQuery({ queryKey: tableauKeys.one(id), queryFn: ({ signal }) => callApi(T.get, { params: { id }, signal }) });
}

/** The board's saved filters (its tabs), in order. */
export function useFiltres(tableauId: number) {
  return useQuery({
    queryKey: tableauKeys.filtres(tableauId),
    queryFn: ({ signal }) => callApi(T.filtres, { query: { tableauId }, signal }),
  });
}

/** The board's shared displays and the caller's own. */
export function useAffichages(tableauId: number) {
  return useQuery({
    queryKey: tableauKeys.affichages(tableauId),
    queryFn: ({ signal }) => callApi(T.affichages, { query: { tableauId }, signal }),
  });
}

/** How many processes of the board's workflows are in each state. */
export function useEtatCounts(tableauId: number) {
  return useQuery({
    queryKey: tableauKeys.etats(tableauId),
    queryFn: ({ signal }) => callApi(T.etatProcess, { query: { tableauId }, signal }),
  });
}

/** One page of the board's processes, narrowed by a filter; the previous page stays shown while the next loads. */
export function useTableauRows(query: TableauRowsQuery) {
  return useQuery({
    queryKey: tableauKeys.rows(query),
    queryFn: ({ signal }) => callApi(T.processes, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every field of the company's workflows by id (names and kinds of the board's fields). */
export function useFieldsById() {
  const models = useWorkflowFields();
  const fields = useMemo(() => {
    const map = new Map<number, Metrique>();
    for (const m of models.data ?? []) for (const f of m.metriques) map.set(f.id, f);
    return map;
  }, [models.data]);
  return { models, fields };
}

/**
 * One write on the boards: the call, a success notice, then everything of the boards is asked again (a
 * changed filter changes the rows too). Errors are shown once, here, unless the caller shows them in its form.
 */
export function useTableauMutation<E extends AnyEndpoint>(endpoint: E, options: { silentError?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<E>) => callApi(endpoint, input),
    onSuccess: () => notifySuccess(),
    onError: options.silentError ? undefined : notifyError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tableauKeys.all }),
  });
}

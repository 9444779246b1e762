import type { AnyEndpoint } from '@app/contracts';
import * as API from '@app/contracts/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { type CallInput, callApi } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { equipementKeys } from './equipement.keys.ts';
import { loadTree } from './equipement-tree-loader.ts';

const E = API.equipement;

/** The share of each tree being read (tenths, by search), for the page's « Préparation de l'arbre… n % ». */
const progress = new Map<string, number>();
const progressListeners = new Set<() => void>();
function setProgress(search: string, percent: number | null) {
  if ((progress.get(search) ?? null) === percent) return;
  if (percent === null) progress.delete(search);
  else progress.set(search, percent);
  for (const listener of progressListeners) listener();
}
const subscribeProgress = (listener: () => void) => {
  progressListeners.add(listener);
  return () => progressListeners.delete(listener);
};

/** The share (percent, by tenths) of the tree of `search` built so far; null when none is being built. */
export function useTreeProgress(search: string): number | null {
  return useSyncExternalStore(subscribeProgress, () => progress.get(search) ?? null);
}

/**
 * The tree (compact above the server's threshold), or the matches of a search and their ancestors, as the model the
 * tree shows: read and built by the tree's Web Worker (equipement-tree-loader.ts), TanStack Query keeps it.
 */
export function useEquipementTree(search: string) {
  return useQuery({
    queryKey: equipementKeys.tree(search),
    queryFn: ({ signal }) =>
      loadTree(search, { signal, onProgress: (share) => setProgress(search, Math.floor(share * 10) * 10) }).finally(() =>
        setProgress(search, null),
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // 100,000 rows: no deep comparison with the previous answer, and no refetch on focus (a write refetches it).
    structuralSharing: false,
    refetchOnWindowFocus: false,
  });
}

/** One equipment with its isolation points. */
export function useEquipement(id: number | null) {
  return useQuery({
    queryKey: equipementKeys.one(id ?? 0),
    queryFn: ({ signal }) => callApi(E.get, { params: { id: id ?? 0 }, query: { include: 'general,pointsIsolement' }, signal }),
    enabled: id !== null,
  });
}

/** The company's four free fields (label, data type, options). */
export function useChamps() {
  return useQuery({ queryKey: equipementKeys.champs, queryFn: ({ signal }) => callApi(E.champs, { signal }), staleTime: 60_000 });
}

export function useActivites(id: number) {
  return useQuery({ queryKey: equipementKeys.activites(id), queryFn: ({ signal }) => callApi(E.activites, { params: { id }, signal }) });
}

export function useProcessusLies(id: number) {
  return useQuery({ queryKey: equipementKeys.processus(id), queryFn: ({ signal }) => callApi(E.processus, { params: { id }, signal }) });
}

/** The equipment permission entries of the company (internal ones). */
export function useEquipementDroits() {
  return useQuery({
    queryKey: equipementKeys.droits,
    queryFn: ({ signal }) => callApi(API.permission.equipmentList, { query: { isEE: 'false' }, signal }),
  });
}

/**
 * One write on the registry: the call, a success notice, then what it changes is asked again (`scope`: the tree and
 * the detail by default). Errors are shown once, here, unless the caller shows them itself (`silentError`).
 */
export function useEquipementMutation<E extends AnyEndpoint>(
  endpoint: E,
  options: { silentError?: boolean; quiet?: boolean; scope?: readonly unknown[] } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<E>) => callApi(endpoint, input),
    onSuccess: () => {
      if (!options.quiet) notifySuccess();
    },
    onError: options.silentError ? undefined : notifyError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: options.scope ?? equipementKeys.all }),
  });
}

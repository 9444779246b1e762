import { type AnyEndpoint, API } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CallInput, callApi } from '../../lib/api.ts';
import { notifyError } from '../../lib/notify.ts';

const W = API.workflow;
export const workflowKeys = {
  all: ['workflow'] as const,
  list: ['workflow', 'list'] as const,
  edition: ['workflow', 'edition'] as const,
  referable: (etapeId: number) => ['workflow', 'referable', etapeId] as const,
};

/** Summaries of the company's workflow models, with the caller's abilities on each. */
export function useWorkflows() {
  return useQuery({ queryKey: workflowKeys.list, queryFn: ({ signal }) => callApi(W.list, { signal }) });
}

/** Every model in full (steps, field trees, rules): the editor reads its model from here. */
export function useWorkflowsForEdition() {
  return useQuery({ queryKey: workflowKeys.edition, queryFn: ({ signal }) => callApi(W.forEdition, { query: {}, signal }) });
}

/** Fields of earlier steps a step may show or reuse. */
export function useReferableMetriques(etapeId: number | null) {
  return useQuery({
    queryKey: workflowKeys.referable(etapeId ?? 0),
    queryFn: ({ signal }) => callApi(W.etapeReferable, { params: { id: etapeId ?? 0 }, signal }),
    enabled: etapeId !== null,
  });
}

/**
 * One structural edit: the call, then a refetch of the models (the server owns idx, ordre and version).
 * Errors (e.g. 409 on a locked model) are shown once, here, unless the caller handles them itself.
 */
export function useWorkflowMutation<E extends AnyEndpoint>(endpoint: E, options: { silentError?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<E>) => callApi(endpoint, input),
    onError: options.silentError ? undefined : notifyError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}

// Pickers of the step rules editor; same keys as the users screen so they share the cache.
export function usePickerUtilisateurs(entrepriseId: number) {
  return useQuery({
    queryKey: ['utilisateur', 'light', entrepriseId],
    queryFn: ({ signal }) => callApi(API.utilisateur.listLight, { params: { id: entrepriseId }, signal }),
    staleTime: 5 * 60_000,
  });
}
export function usePickerProfils() {
  return useQuery({
    queryKey: ['profil', 'list'],
    queryFn: ({ signal }) => callApi(API.profil.getAll, { signal }),
    staleTime: 5 * 60_000,
  });
}
export function usePickerServices() {
  return useQuery({
    queryKey: ['serviceModele', 'list'],
    queryFn: ({ signal }) => callApi(API.serviceModele.list, { query: {}, signal }),
    staleTime: 5 * 60_000,
  });
}

import type { AnyEndpoint } from '@app/contracts';
import * as API from '@app/contracts/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CallInput, callApi } from '../../lib/api.ts';
import { notifyError } from '../../lib/notify.ts';
import { workflowKeys } from './workflow.keys.ts';

const W = API.workflow;

/** Summaries of the company's workflow models, with the caller's abilities on each. */
function workflowListQuery() {
  return queryOptions({ queryKey: workflowKeys.list, queryFn: ({ signal }) => callApi(W.list, { signal }) });
}

export function useWorkflows() {
  return useQuery(workflowListQuery());
}

/** The workflows a process can be created from or a list filtered by (cached a minute). */
export function useWorkflowChoices() {
  return useQuery({ ...workflowListQuery(), staleTime: 60_000 });
}

/** Every model in full (steps, field trees, rules): the editor reads its model from here. */
export function useWorkflowsForEdition() {
  return useQuery({ queryKey: workflowKeys.edition, queryFn: ({ signal }) => callApi(W.forEdition, { query: {}, signal }) });
}

/** The fields of each workflow (names and kinds), for the boards: no Workflows entry needed. */
export function useWorkflowFields() {
  return useQuery({ queryKey: workflowKeys.fields, queryFn: ({ signal }) => callApi(W.fields, { signal }), staleTime: 60_000 });
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

/** The company's gammes, for the settings of a reading field (gamme_releves, etape_gamme_releves). */
export function useGammeChoices() {
  return useQuery({ queryKey: workflowKeys.gammes, queryFn: ({ signal }) => callApi(API.gamme.list, { query: {}, signal }) });
}

/** The points of a gamme, for the part of a round a step covers (etape_gamme_releves). */
export function useGammePointChoices(gammeId: number, enabled: boolean) {
  return useQuery({
    queryKey: workflowKeys.gammePoints(gammeId),
    queryFn: ({ signal }) => callApi(API.gamme.points, { params: { id: gammeId }, signal }),
    enabled: enabled && gammeId > 0,
  });
}

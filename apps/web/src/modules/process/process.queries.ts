import type { AnyEndpoint, EndpointQuery, EndpointResponse } from '@app/contracts';
import * as API from '@app/contracts/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CallInput, callApi } from '../../lib/api.ts';
import { processKeys } from './process.keys.ts';
import { processModeleQuery, processQuery } from './process.prefetch.ts';

const P = API.process;
export type ProcessData = EndpointResponse<typeof P.getV3>;
export type ProcessPageQuery = EndpointQuery<typeof API.processList.byPaging>;

/** One page of the company's processes (offset/perPage, workflow, state, search). */
export function useProcessList(query: ProcessPageQuery) {
  return useQuery({
    queryKey: processKeys.list(query),
    queryFn: ({ signal }) => callApi(API.processList.byPaging, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProcess(id: number) {
  return useQuery({ ...processQuery(id), enabled: id > 0 });
}

/** The workflow a process follows (process.prefetch.ts). */
export function useProcessModele(id: number) {
  return useQuery({ ...processModeleQuery(id), enabled: id > 0 });
}

/** Whether the caller may act on a step of this process now (canAct), and why not (raison). */
export function useStepControls(processId: number, etapeId: number | null, version: number | undefined) {
  return useQuery({
    // The version in the key: any change of the process asks again.
    queryKey: [...processKeys.controls(processId, etapeId ?? 0), version],
    queryFn: ({ signal }) => callApi(API.workflow.informationControls, { params: { id: etapeId ?? 0 }, query: { processId }, signal }),
    enabled: etapeId !== null,
  });
}

export function useProcessLog(processId: number, enabled: boolean) {
  return useQuery({
    queryKey: processKeys.log(processId),
    queryFn: ({ signal }) => callApi(P.log, { params: { processId, etapeId: 0 }, signal }),
    enabled,
  });
}

export function useProcessFiles(processId: number) {
  return useQuery({
    queryKey: processKeys.files(processId),
    queryFn: ({ signal }) => callApi(P.files, { query: { process_id: processId }, signal }),
  });
}

export function useProcessTree(processId: number, enabled: boolean) {
  return useQuery({
    queryKey: processKeys.tree(processId),
    queryFn: ({ signal }) => callApi(P.tree, { query: { id: processId }, signal }),
    enabled,
  });
}

/**
 * An action on one process: the answer (the process) replaces the cached one, and its journal, files, tree and
 * step controls are asked again. Errors are left to the caller (409 and 400 are shown where they happen).
 */
export function useProcessAction<E extends AnyEndpoint>(endpoint: E, processId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<E>) => callApi(endpoint, input),
    onSuccess: (data) => {
      const d = data as Partial<ProcessData> | null;
      if (d && typeof d === 'object' && d.id === processId && Array.isArray(d.steps)) {
        queryClient.setQueryData(processKeys.one(processId), d);
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: processKeys.one(processId) }),
        queryClient.invalidateQueries({ queryKey: processKeys.lists }),
      ]),
  });
}

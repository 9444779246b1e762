import type { EndpointBody } from '@app/contracts';
import * as API from '@app/contracts/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { coactiviteKeys } from './coactivite.keys.ts';

const C = API.coactivite;
export type CellBody = EndpointBody<typeof C.incompatibiliteUpdate>;

/** The conflicts of a lockout or permit (with the other processes, the decision and why). */
export function useCoactivite(processId: number) {
  return useQuery({
    queryKey: coactiviteKeys.process(processId),
    queryFn: ({ signal }) => callApi(C.conflits, { params: { id: processId }, signal }),
  });
}

/** Co-signs the conflict of the process with another; the answer is the process's coactivité as it now is. */
export function useCosign(processId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { autreProcessId: number }) => callApi(C.cosign, { body: { processId, autreProcessId: v.autreProcessId } }),
    onSuccess: (data, v) => {
      qc.setQueryData(coactiviteKeys.process(processId), data);
      return qc.invalidateQueries({ queryKey: coactiviteKeys.process(v.autreProcessId) });
    },
  });
}

/** Makes the process wait for the other one's end (the process module's sequencing). */
export function useSequence(processId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { autreProcessId: number }) =>
      callApi(API.process.sequencingCreate, { body: { processId, lockedByProcessId: v.autreProcessId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: coactiviteKeys.process(processId) }),
  });
}

export function useMatrice() {
  return useQuery({ queryKey: coactiviteKeys.matrice, queryFn: ({ signal }) => callApi(C.matrice, { signal }) });
}

export function useSaveCell() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CellBody) => callApi(C.incompatibiliteUpdate, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: coactiviteKeys.all }),
  });
}

export function useSaveWorkflowActivites() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof C.workflowActivitesUpdate>) => callApi(C.workflowActivitesUpdate, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: coactiviteKeys.all }),
  });
}

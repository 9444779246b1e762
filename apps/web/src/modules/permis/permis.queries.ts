import { type AnyEndpoint, type EndpointResponse, type Permis, type PermisSetting, VALIDITE_DEFAUT_HEURES } from '@app/contracts';
import * as API from '@app/contracts/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext } from 'react';
import { type CallInput, callApi } from '../../lib/api.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { permisKeys } from './permis.keys.ts';
import { PermisClock } from './permis-clock.ts';

const P = API.permis;
export type PermisOfProcess = EndpointResponse<typeof P.get>;

/** The permit of a process, with the gap between the server's clock and the device's when it was read. */
export interface PermisRead extends PermisOfProcess {
  /** Add to the device's clock to read the server's (countdowns start from the server's clock). */
  offsetMs: number;
}

/** A running fire watch is read again every minute: its checks and closure refusals come from the server. */
export const WATCH_REFRESH_MS = 60_000;

function offsetOf(permis: Permis | null, receivedAt: number): number {
  const server = permis ? Date.parse(permis.now) : Number.NaN;
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

export function usePermisOfProcess(processId: number) {
  const clock = useContext(PermisClock);
  return useQuery({
    queryKey: permisKeys.ofProcess(processId),
    queryFn: async ({ signal }): Promise<PermisRead> => {
      const data = await callApi(P.get, { params: { processId }, signal });
      return { ...data, offsetMs: offsetOf(data.permis, clock()) };
    },
    refetchInterval: (q) => {
      const w = q.state.data?.permis?.surveillance;
      return w && !w.terminee ? WATCH_REFRESH_MS : false;
    },
  });
}

/**
 * An action on the permit of a process: its answer (the permit) replaces the cached one at once; `onChanged` lets the
 * process screen read the process again (its state follows the permit's).
 */
export function usePermisAction<E extends AnyEndpoint>(endpoint: E, processId: number, onChanged?: () => void) {
  const queryClient = useQueryClient();
  const clock = useContext(PermisClock);
  return useMutation({
    mutationFn: (input: CallInput<E>) => callApi(endpoint, input) as Promise<unknown>,
    onSuccess: (data) => {
      const permis = data as Permis;
      queryClient.setQueryData<PermisRead>(permisKeys.ofProcess(processId), (old) => ({
        processId,
        permis,
        validiteHeures: old?.validiteHeures ?? VALIDITE_DEFAUT_HEURES,
        offsetMs: offsetOf(permis, clock()),
      }));
      onChanged?.();
    },
    // A refusal (409: the permit changed meanwhile, the watch is not over) may come from a stale read.
    onError: () => queryClient.invalidateQueries({ queryKey: permisKeys.ofProcess(processId) }),
  });
}

export function usePermisSetting() {
  return useQuery({ queryKey: permisKeys.setting, queryFn: ({ signal }) => callApi(P.settingGet, { signal }) });
}

export function useSavePermisSetting(savedMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PermisSetting) => callApi(P.settingUpdate, { body }),
    onSuccess: (data) => {
      queryClient.setQueryData(permisKeys.setting, data);
      notifySuccess(savedMessage);
    },
  });
}

import type { EndpointResponse } from '@app/contracts';
import * as API from '@app/contracts/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { accueilKeys } from './accueil.keys.ts';

export type AccueilData = EndpointResponse<typeof API.accueil.get>;

/** The signed-in person's home: refreshed by the process events (app/process-events.ts) and on focus. */
export function useAccueil(tz: string) {
  return useQuery({
    queryKey: accueilKeys.home(tz),
    queryFn: ({ signal }) => callApi(API.accueil.get, { query: { tz }, signal }),
  });
}

/** « Marquer comme vu »: the last visit becomes the time of the home read (what changed after it stays new). */
export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (at: string) => callApi(API.accueil.seen, { body: { at } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accueilKeys.all }),
  });
}

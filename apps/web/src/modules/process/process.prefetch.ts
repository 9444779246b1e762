import * as API from '@app/contracts/api';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import type { PrefetchArgs } from '../../lib/route-prefetch.ts';
import { processKeys } from './process.keys.ts';

// The queries the process screen starts with, shared by its hooks (process.queries.ts) and its prefetch: the same key
// and the same request, whichever asks first. Light on purpose: the router imports this file (first load).

export const processQuery = (id: number) =>
  queryOptions({
    queryKey: processKeys.one(id),
    queryFn: ({ signal }) => callApi(API.process.getV3, { params: { processId: id }, signal }),
  });

/**
 * The workflow a process follows, read through the process: a contractor's process is of its client's workflow,
 * which is in none of its own company's lists (cached a minute).
 */
export const processModeleQuery = (id: number) =>
  queryOptions({
    queryKey: processKeys.modele(id),
    queryFn: ({ signal }) => callApi(API.process.modele, { params: { processId: id }, signal }),
    staleTime: 60_000,
  });

/**
 * /app/processus/:id: the process and its workflow, asked together while the screen's code loads (the screen asks
 * for the workflow once the process is there: one round trip after the other).
 */
export function prefetchProcess(queryClient: QueryClient, { params }: PrefetchArgs): Promise<unknown> | undefined {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return undefined;
  return Promise.all([queryClient.prefetchQuery(processQuery(id)), queryClient.prefetchQuery(processModeleQuery(id))]);
}

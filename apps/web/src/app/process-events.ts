import * as API from '@app/contracts/api';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { hasSignedOut, onSignOut } from '../lib/sign-out.ts';
import { accueilKeys } from '../modules/accueil/index.ts';
import { useAbility } from '../modules/auth/index.ts';
import { consignationKeys } from '../modules/consignation/index.ts';
import { listeKeys } from '../modules/liste/index.ts';
import { processKeys } from '../modules/process/index.ts';
import { tableauKeys } from '../modules/tableau/index.ts';

const PROCESS_EVENT_TYPES = ['created', 'updated', 'duplicated', 'deleted'] as const;
type ProcessEventType = (typeof PROCESS_EVENT_TYPES)[number];

export interface ProcessEventData {
  id: number;
  type: ProcessEventType;
  processIds: number[];
  at: string;
}

interface PageLike {
  items: { id: number }[];
  total: number;
}

/**
 * Applies one process event to the cache: deleted rows leave the cached pages at once, then lists and boards reload.
 * It lives in the app shell because it refreshes several modules' caches (processes, lists, boards).
 */
export function applyProcessEvent(queryClient: QueryClient, e: ProcessEventData): Promise<unknown> {
  const ids = new Set(e.processIds);
  if (e.type === 'deleted') {
    for (const key of [listeKeys.all, processKeys.lists, tableauKeys.allRows]) {
      queryClient.setQueriesData<PageLike>({ queryKey: key }, (old) => {
        if (!old || !Array.isArray(old.items)) return old;
        const items = old.items.filter((r) => !ids.has(r.id));
        return items.length === old.items.length
          ? old
          : { ...old, items, total: Math.max(0, old.total - (old.items.length - items.length)) };
      });
    }
  }
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: listeKeys.all }),
    queryClient.invalidateQueries({ queryKey: processKeys.lists }),
    // Boards show processes too: their rows and state counts.
    queryClient.invalidateQueries({ queryKey: tableauKeys.allRows }),
    queryClient.invalidateQueries({ queryKey: tableauKeys.allEtats }),
    // The home lists processes too (steps to sign, today's, what changed).
    queryClient.invalidateQueries({ queryKey: accueilKeys.all }),
    // The lockout register, and the « Consignation » tab of each lockout named (its mother's and daughters' too).
    queryClient.invalidateQueries({ queryKey: consignationKeys.registres }),
    ...[...ids].map((id) => queryClient.invalidateQueries({ queryKey: processKeys.one(id) })),
    ...[...ids].map((id) => queryClient.invalidateQueries({ queryKey: consignationKeys.detail(id) })),
  ]);
}

function parse(data: string): ProcessEventData | null {
  try {
    const d = JSON.parse(data) as Partial<ProcessEventData>;
    return Array.isArray(d.processIds) && typeof d.type === 'string' ? (d as ProcessEventData) : null;
  } catch {
    return null;
  }
}

/**
 * Listens to the process events of the company (server-sent events) while signed in, for someone who may read
 * processes (a contractor without client reads none: no stream, no 403). EventSource reconnects by itself and sends
 * Last-Event-ID, so the server replays what was missed.
 */
export function useProcessEvents(): void {
  const queryClient = useQueryClient();
  const readsProcesses = useAbility().can('read', 'Process');
  useEffect(() => {
    if (typeof EventSource === 'undefined' || !readsProcesses || hasSignedOut()) return;
    const source = new EventSource(API.process.events.path, { withCredentials: true });
    const onEvent = (m: MessageEvent<string>) => {
      const e = parse(m.data);
      if (e) void applyProcessEvent(queryClient, e);
    };
    for (const type of PROCESS_EVENT_TYPES) source.addEventListener(type, onEvent);
    const off = onSignOut(() => source.close());
    return () => {
      off();
      source.close();
    };
  }, [queryClient, readsProcesses]);
}

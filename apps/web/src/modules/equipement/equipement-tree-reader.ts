import type { EquipementTree } from '@app/contracts';
import { encodeSteps, type TreeColumns, transferablesOf } from './equipement-tree.ts';

// The tree's Web Worker, its work and its messages (equipement-tree.worker.ts only binds it to the worker's scope):
// the answer of 100,000 rows is fetched, read (`JSON.parse`) and turned into typed arrays there, then transferred;
// the main thread gets columns it can use at once and keeps its tasks short. Imports no React, no zod: the worker's
// file stays small.

/** What the page's thread asks: a tree (its URL, absolute), or to stop reading one. */
export type ReaderRequest = { type: 'load'; id: number; url: string } | { type: 'abort'; id: number };

/** Why a tree could not be read; the page's thread turns it into the error callApi would have thrown. */
export type ReaderFailure =
  | { kind: 'http'; status: number; statusText: string; body: unknown }
  | { kind: 'network'; message: string }
  | { kind: 'abort' }
  | { kind: 'invalid'; message: string };

/** The answers: the share of the build done (tenths), the columns (buffers transferred), or the failure. */
export type ReaderReply =
  | { type: 'progress'; id: number; share: number }
  | { type: 'done'; id: number; columns: TreeColumns }
  | { type: 'failed'; id: number; failure: ReaderFailure };

/** The part of a worker's global scope the reader uses (a fake one in tests). */
export interface ReaderScope {
  addEventListener(type: 'message', listener: (e: MessageEvent<ReaderRequest>) => void): void;
  postMessage(message: ReaderReply, options?: StructuredSerializeOptions): void;
}

class ReadFailure extends Error {
  constructor(readonly failure: ReaderFailure) {
    super(failure.kind);
  }
}

/** Whether a parsed body has the shape of a tree (the columns' build reads these fields only). */
function isTree(body: unknown): body is EquipementTree {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  if (b.form === 'full') return Array.isArray(b.nodes) && (b.matchIds === null || Array.isArray(b.matchIds));
  return b.form === 'compact' && Array.isArray(b.ids) && Array.isArray(b.parentIds) && Array.isArray(b.names);
}

/** User Timing names of the worker's work (the last reading's, seen in a trace; scripts/audit-equipement-tree.mjs). */
export const READ_MEASURE = 'arbre-equipements:lecture';
export const BUILD_MEASURE = 'arbre-equipements:colonnes';

function measure(name: string, start: number) {
  performance.clearMeasures(name);
  performance.measure(name, { start, end: performance.now() });
}

/**
 * Fetches the tree at `url` (the session's cookie goes with it: same origin) and builds its columns, as callApi then
 * buildTree would on the page's thread; `onProgress` gets the share of the build done, each tenth once.
 */
export async function readTree(
  url: string,
  signal: AbortSignal,
  fetchImpl: typeof fetch,
  onProgress: (share: number) => void,
): Promise<TreeColumns> {
  let body: unknown = null;
  let res: Response;
  try {
    res = await fetchImpl(url, { method: 'GET', credentials: 'same-origin', headers: { Accept: 'application/json' }, signal });
    const received = performance.now();
    const text = await res.text();
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    measure(READ_MEASURE, received);
  } catch (e) {
    if (signal.aborted) throw new ReadFailure({ kind: 'abort' });
    throw new ReadFailure({ kind: 'network', message: e instanceof Error ? e.message : '' });
  }
  if (!res.ok) throw new ReadFailure({ kind: 'http', status: res.status, statusText: res.statusText, body });
  if (!isTree(body)) throw new ReadFailure({ kind: 'invalid', message: "Réponse de l'arbre illisible" });
  const built = performance.now();
  const steps = encodeSteps(body);
  let tenth = -1;
  for (;;) {
    const step = steps.next();
    if (step.done) {
      measure(BUILD_MEASURE, built);
      return step.value;
    }
    if (Math.floor(step.value * 10) !== tenth) {
      tenth = Math.floor(step.value * 10);
      onProgress(step.value);
    }
  }
}

/** Answers the page's requests on `scope` (the worker's global scope), one reading per request id. */
export function serveTreeRequests(scope: ReaderScope, fetchImpl: typeof fetch = (input, init) => fetch(input, init)): void {
  const running = new Map<number, AbortController>();
  scope.addEventListener('message', (e) => {
    const request = e.data;
    if (request.type === 'abort') {
      running.get(request.id)?.abort();
      return;
    }
    const { id } = request;
    const abort = new AbortController();
    running.set(id, abort);
    readTree(request.url, abort.signal, fetchImpl, (share) => scope.postMessage({ type: 'progress', id, share }))
      .then(
        (columns) => scope.postMessage({ type: 'done', id, columns }, { transfer: transferablesOf(columns) }),
        (e: unknown) => {
          const failure: ReaderFailure =
            e instanceof ReadFailure ? e.failure : { kind: 'invalid', message: e instanceof Error ? e.message : String(e) };
          scope.postMessage({ type: 'failed', id, failure });
        },
      )
      .finally(() => running.delete(id));
  });
}

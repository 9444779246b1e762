import { errorMessageOf } from '@app/contracts';
import * as API from '@app/contracts/api';
import { ApiError, callApi } from '../../lib/api.ts';
import { buildTreeAsync, modelOf, type TreeColumns, type TreeModel } from './equipement-tree.ts';
import type { ReaderFailure, ReaderReply, ReaderRequest } from './equipement-tree-reader.ts';

/** What the loader needs of a Worker (a fake one in tests). */
export interface WorkerLike {
  postMessage(message: ReaderRequest): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<ReaderReply>) => void): void;
  addEventListener(type: 'error' | 'messageerror', listener: (e: Event) => void): void;
  terminate(): void;
}

export interface LoadOptions {
  signal?: AbortSignal;
  /** The share of the build done (0..1), a few times. */
  onProgress?: (share: number) => void;
}

/** The tree's query as callApi sends it (`search` left out when empty). */
function treeQuery(search: string) {
  return { search: search || undefined, form: 'auto' as const };
}

/** The absolute URL of the tree's answer (a worker resolves relative URLs against its own script's). */
export function treeUrl(search: string, base: string): string {
  const url = new URL(API.equipement.tree.path, base);
  const query = treeQuery(search);
  if (query.search) url.searchParams.set('search', query.search);
  url.searchParams.set('form', query.form);
  return url.href;
}

const aborted = () => new DOMException('Aborted', 'AbortError');

/** The error callApi throws for the same failure (same status, code and message: the screens show them alike). */
export function errorOfFailure(failure: ReaderFailure): Error {
  switch (failure.kind) {
    case 'abort':
      return aborted();
    case 'network':
      return new ApiError({ status: 0, code: 'NETWORK', message: errorMessageOf(null, failure.message || undefined) });
    case 'invalid':
      return new ApiError({ status: 0, code: 'INVALID_RESPONSE', message: errorMessageOf(null, failure.message) });
    case 'http': {
      const b = (failure.body ?? {}) as { code?: unknown; detail?: unknown };
      return new ApiError({
        status: failure.status,
        code: typeof b.code === 'string' ? b.code : `HTTP_${failure.status}`,
        message: errorMessageOf(failure.body, failure.statusText || undefined),
        detail: b.detail,
        body: failure.body,
      });
    }
  }
}

/** The worker could not run (its script did not load, or it failed outside a reading): read on this thread. */
class WorkerUnavailable extends Error {}

interface Pending {
  resolve: (columns: TreeColumns) => void;
  reject: (e: Error) => void;
  onProgress?: (share: number) => void;
}

/** The page's side of the worker: one request id per reading, abort forwarded, a broken worker reported. */
class WorkerClient {
  private next = 1;
  private readonly pending = new Map<number, Pending>();
  broken = false;

  constructor(private readonly worker: WorkerLike) {
    worker.addEventListener('message', (e) => {
      const reply = e.data;
      const p = this.pending.get(reply.id);
      if (!p) return;
      if (reply.type === 'progress') return p.onProgress?.(reply.share);
      this.pending.delete(reply.id);
      if (reply.type === 'done') p.resolve(reply.columns);
      else p.reject(errorOfFailure(reply.failure));
    });
    const fail = () => {
      this.broken = true;
      worker.terminate();
      for (const p of this.pending.values()) p.reject(new WorkerUnavailable());
      this.pending.clear();
    };
    worker.addEventListener('error', fail);
    worker.addEventListener('messageerror', fail);
  }

  read(url: string, { signal, onProgress }: LoadOptions): Promise<TreeColumns> {
    if (this.broken) return Promise.reject(new WorkerUnavailable());
    if (signal?.aborted) return Promise.reject(aborted());
    const id = this.next++;
    return new Promise<TreeColumns>((resolve, reject) => {
      const onAbort = () => {
        if (!this.pending.delete(id)) return;
        this.worker.postMessage({ type: 'abort', id });
        reject(aborted());
      };
      const done = () => signal?.removeEventListener('abort', onAbort);
      this.pending.set(id, {
        resolve: (c) => {
          done();
          resolve(c);
        },
        reject: (e) => {
          done();
          reject(e);
        },
        onProgress,
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.worker.postMessage({ type: 'load', id, url });
    });
  }
}

/**
 * Loads the tree: in the worker `createWorker` starts (once, on first use), else — no Worker (tests' jsdom), or a
 * worker that cannot run — on this thread with callApi and a build in slices. The same model either way.
 */
export function createTreeLoader(createWorker: (() => WorkerLike) | null, base: () => string = () => window.location.href) {
  let client: WorkerClient | null = null;
  let start = createWorker;
  const inline = async (search: string, { signal, onProgress }: LoadOptions) =>
    buildTreeAsync(await callApi(API.equipement.tree, { query: treeQuery(search), signal }), onProgress, signal);
  return async function loadTree(search: string, options: LoadOptions = {}): Promise<TreeModel> {
    if (start && !client) {
      try {
        client = new WorkerClient(start());
      } catch {
        start = null;
      }
    }
    if (!client || client.broken) return inline(search, options);
    try {
      return modelOf(await client.read(treeUrl(search, base()), options));
    } catch (e) {
      if (e instanceof WorkerUnavailable) return inline(search, options);
      throw e;
    }
  };
}

/** The app's loader: the tree's worker where the browser has workers. */
export const loadTree = createTreeLoader(
  typeof Worker === 'undefined'
    ? null
    : () => new Worker(new URL('./equipement-tree.worker.ts', import.meta.url), { type: 'module', name: 'equipement-tree' }),
);

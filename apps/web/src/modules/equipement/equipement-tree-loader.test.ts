import type { EquipementTree } from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { jsonResponse } from '../../test/render.tsx';
import { stubServer } from '../../test/stub-server.ts';
import { buildTree, itemOf, matchCount, nameOf, type TreeModel, visibleRows } from './equipement-tree.ts';
import { createTreeLoader, treeUrl, type WorkerLike } from './equipement-tree-loader.ts';
import { type ReaderReply, type ReaderRequest, type ReaderScope, serveTreeRequests } from './equipement-tree-reader.ts';

afterEach(() => vi.unstubAllGlobals());

const BASE = 'http://app.test/app/equipements';

/** A compact tree of `roots` sites with `fan` armoires each (ids from 1, names « Site 1 », « Armoire 1-1 »…). */
function compact(roots: number, fan: number): EquipementTree {
  const ids: number[] = [];
  const parentIds: (number | null)[] = [];
  const names: string[] = [];
  for (let r = 1; r <= roots; r++) {
    ids.push(r);
    parentIds.push(null);
    names.push(`Site ${r}`);
  }
  for (let r = 1; r <= roots; r++)
    for (let b = 1; b <= fan; b++) {
      ids.push(1000 * r + b);
      parentIds.push(r);
      names.push(`Armoire ${r}-${b}`);
    }
  return { form: 'compact', total: ids.length, ids, parentIds, names };
}

const node = (id: number, parentId: number | null, name: string, number: string | null = null) => ({
  id,
  parentId,
  idx: 0,
  name,
  number,
  type: 'equipment' as const,
  status: 'initial' as const,
  icon: null,
  color: '#0a0',
  childCount: 0,
});
const found: EquipementTree = {
  form: 'full',
  total: 40,
  nodes: [node(1, null, 'Site 1', 'S1'), node(1003, 1, 'Armoire 1-3', 'A1-3')],
  matchIds: [1003],
};

/** What a model shows: every row open, with each row's name, number and colour. */
function shown(model: TreeModel) {
  const all = new Set(Array.from(model.ids));
  return visibleRows(model, all).map((r) => ({ ...r, item: itemOf(model, r.id) }));
}

/**
 * A worker in this thread: the reader of the real worker (serveTreeRequests) behind messages copied as a browser
 * copies them (structuredClone, buffers transferred), each delivered in a task of its own.
 */
function fakeWorker(fetchImpl: typeof fetch) {
  const inWorker: ((e: MessageEvent<ReaderRequest>) => void)[] = [];
  const inPage: Record<string, ((e: any) => void)[]> = { message: [], error: [], messageerror: [] };
  const requests: ReaderRequest[] = [];
  const transferred: ArrayBuffer[] = [];
  const deliver = <T>(listeners: ((e: MessageEvent<T>) => void)[], data: T) =>
    setTimeout(() => {
      for (const l of listeners) l({ data } as MessageEvent<T>);
    });
  const scope: ReaderScope = {
    addEventListener: (_type, listener) => inWorker.push(listener),
    postMessage: (message, options) => {
      transferred.push(...((options?.transfer ?? []) as ArrayBuffer[]));
      deliver<ReaderReply>(inPage.message ?? [], structuredClone(message, options));
    },
  };
  serveTreeRequests(scope, fetchImpl);
  const state = { terminated: false, requests, transferred };
  const worker: WorkerLike = {
    postMessage: (message) => {
      requests.push(message);
      deliver(inWorker, structuredClone(message));
    },
    addEventListener: (type: string, listener: (e: any) => void) => inPage[type]?.push(listener),
    terminate: () => {
      state.terminated = true;
    },
  };
  /** The worker's script failed to load (or the worker failed outside a reading): its `error` event. */
  const fail = () => {
    for (const l of inPage.error ?? []) l(new Event('error'));
  };
  return { worker, state, fail };
}

/** A fetch answering the tree's URL with `answer` (a body for 200, or a Response). */
function serverOf(answer: (url: string) => unknown) {
  const urls: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input));
    const signal = init?.signal;
    signal?.throwIfAborted();
    // Like fetch: rejected once aborted, even while the server has not answered.
    const out = await new Promise<unknown>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      Promise.resolve()
        .then(() => answer(String(input)))
        .then(resolve, reject);
    });
    return out instanceof Response ? out : jsonResponse(200, out);
  }) as unknown as typeof fetch;
  return { fetchImpl, urls };
}

describe('the tree read by the worker', () => {
  it('gives the model buildTree gives on this thread (compact form), its buffers transferred, progress reported', async () => {
    const tree = compact(20, 500);
    const server = serverOf(() => tree);
    const { worker, state } = fakeWorker(server.fetchImpl);
    const load = createTreeLoader(
      () => worker,
      () => BASE,
    );
    const progress: number[] = [];
    const model = await load('', { onProgress: (share) => progress.push(share) });
    expect(server.urls).toEqual(['http://app.test/api/v2/equipement/get?form=auto']);
    expect(shown(model)).toEqual(shown(buildTree(tree)));
    expect(nameOf(model, 20_500)).toBe('Armoire 20-500');
    expect(model.form).toBe('compact');
    expect(model.total).toBe(10_020);
    // The worker's copies are gone: the buffers moved, they were not copied.
    expect(state.transferred.length).toBeGreaterThan(5);
    expect(state.transferred.every((b) => b.byteLength === 0)).toBe(true);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((share) => share >= 0 && share <= 1)).toBe(true);
  });

  it('reads the full form of a search: numbers, colours and matches', async () => {
    const server = serverOf(() => found);
    const load = createTreeLoader(
      () => fakeWorker(server.fetchImpl).worker,
      () => BASE,
    );
    const model = await load('armoire 1-3');
    expect(server.urls).toEqual(['http://app.test/api/v2/equipement/get?search=armoire+1-3&form=auto']);
    expect(shown(model)).toEqual(shown(buildTree(found)));
    expect(itemOf(model, 1003)).toMatchObject({ number: 'A1-3', color: '#0a0', icon: null });
    expect(matchCount(model)).toBe(1);
  });

  it.each([
    [
      'a refusal of the server (403): its code and French message',
      () => jsonResponse(403, { message: 'Accès refusé à cet équipement.', code: 'FORBIDDEN', detail: null }),
      { status: 403, code: 'FORBIDDEN', message: 'Accès refusé à cet équipement.' },
    ],
    [
      'an error without a body',
      () => new Response('', { status: 502, statusText: 'Bad Gateway' }),
      { status: 502, code: 'HTTP_502', message: 'Bad Gateway' },
    ],
    [
      'the network down',
      () => {
        throw new TypeError('Failed to fetch');
      },
      { status: 0, code: 'NETWORK', message: 'Failed to fetch' },
    ],
  ])('fails as callApi does on %s', async (_label, answer, expected) => {
    const server = serverOf(answer);
    const worker = createTreeLoader(
      () => fakeWorker(server.fetchImpl).worker,
      () => BASE,
    );
    const onThread = createTreeLoader(null);
    stubServer({ 'GET /api/v2/equipement/get': () => answer() });
    const errors = await Promise.all(
      [worker(''), onThread('')].map((p) =>
        p.then(
          () => null,
          (e: unknown) => e,
        ),
      ),
    );
    for (const e of errors) {
      expect(e).toBeInstanceOf(ApiError);
      expect(e).toMatchObject(expected);
    }
  });

  it('stops a reading when the query is cancelled: AbortError, and the worker told', async () => {
    let answer: (r: Response) => void = () => {};
    const server = serverOf(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { worker, state } = fakeWorker(server.fetchImpl);
    const load = createTreeLoader(
      () => worker,
      () => BASE,
    );
    const abort = new AbortController();
    const reading = load('', { signal: abort.signal });
    await vi.waitFor(() => expect(server.urls).toHaveLength(1));
    abort.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(state.requests.map((r) => r.type)).toEqual(['load', 'abort']);
    answer(jsonResponse(200, compact(1, 1)));
    // A reading already cancelled is not started.
    await expect(load('', { signal: abort.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(state.requests).toHaveLength(2);
  });

  it('reads on this thread when the worker cannot run (its script failed), the same model', async () => {
    const tree = compact(3, 4);
    const broken = fakeWorker(serverOf(() => new Promise(() => {})).fetchImpl);
    const load = createTreeLoader(
      () => broken.worker,
      () => BASE,
    );
    const calls = stubServer({ 'GET /api/v2/equipement/get': () => tree });
    const reading = load('');
    broken.fail();
    expect(shown(await reading)).toEqual(shown(buildTree(tree)));
    expect(broken.state.terminated).toBe(true);
    // And from then on without it.
    expect(shown(await load(''))).toEqual(shown(buildTree(tree)));
    expect(calls).toHaveLength(2);
    expect(broken.state.requests).toHaveLength(1);
  });

  it('reads on this thread where there are no workers (jsdom): callApi, then a build in slices', async () => {
    const tree = compact(2, 3);
    const calls = stubServer({ 'GET /api/v2/equipement/get': () => tree });
    const model = await createTreeLoader(null)('pompe');
    expect(calls.map((c) => c.url)).toEqual(['/api/v2/equipement/get?search=pompe&form=auto']);
    expect(shown(model)).toEqual(shown(buildTree(tree)));
  });

  it('builds the URL the page would call', () => {
    expect(treeUrl('', BASE)).toBe('http://app.test/api/v2/equipement/get?form=auto');
    expect(treeUrl('Départ é&x', BASE)).toBe('http://app.test/api/v2/equipement/get?search=D%C3%A9part+%C3%A9%26x&form=auto');
  });
});

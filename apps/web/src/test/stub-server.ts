import { vi } from 'vitest';
import { jsonResponse } from './render.tsx';

export interface StubCall {
  method: string;
  url: string;
  body: unknown;
}

/** Route handler: a body to answer 200 with, or a Response for another status. */
export type StubRoute = (call: StubCall) => unknown;

/** Stubs fetch with routes keyed "METHOD /path" (query ignored; DELETE paths may end with /*). Records the calls. */
export function stubServer(routes: Record<string, StubRoute>): StubCall[] {
  const calls: StubCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { method: String(init.method), url, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const path = url.split('?')[0];
      const key = `${init.method} ${path}`;
      const route = routes[key] ?? routes[`${init.method} ${path.replace(/\/[^/]+$/, '/*')}`];
      if (!route) return jsonResponse(404, { message: `Pas de route ${key}` });
      const out = route(call);
      return out instanceof Response ? out : jsonResponse(200, out);
    }),
  );
  return calls;
}

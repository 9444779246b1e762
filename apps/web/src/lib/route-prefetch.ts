import type { QueryClient } from '@tanstack/react-query';
import type { LazyRouteFunction, NonIndexRouteObject, Params, ShouldRevalidateFunction } from 'react-router';

/** What a screen's prefetch is given: the route's parameters and the address (its query holds a list's filters). */
export interface PrefetchArgs {
  params: Params;
  url: URL;
}

/**
 * Starts a screen's first requests (issue 16, phone LCP): declared by a module beside its screens (`…Prefetch` in its
 * index.ts), run by the route's loader while the screen's code loads, so the data is on its way before the screen's
 * module is evaluated and rendered. It puts queries in the cache (`prefetchQuery`) under the keys the screen's hooks
 * read; it never throws, and whatever it misses the screen asks for itself, as before.
 */
export type ScreenPrefetch = (queryClient: QueryClient, args: PrefetchArgs) => unknown;

type ScreenRoute = Pick<NonIndexRouteObject, 'lazy' | 'loader' | 'shouldRevalidate'>;

/**
 * A change of the query only (a list's filters, a process's tab) runs no prefetch: the screen is there and asks for
 * what it needs. A new address (another process) does.
 */
const samePathOnly: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname;

/**
 * A lazily loaded screen, with its prefetch as the route's loader. React Router runs a route's static loader in
 * parallel with its `lazy` (the screen's code); the loader returns at once (the requests are not awaited), so a
 * navigation waits for the code only, as without it.
 */
export function lazyScreen(queryClient: QueryClient, lazy: LazyRouteFunction<NonIndexRouteObject>, prefetch?: ScreenPrefetch): ScreenRoute {
  if (!prefetch) return { lazy };
  return {
    lazy,
    loader: ({ params, request }) => {
      try {
        void Promise.resolve(prefetch(queryClient, { params, url: new URL(request.url) })).catch(() => undefined);
      } catch {
        // A prefetch is an optimisation: the screen asks for its data itself.
      }
      return null;
    },
    shouldRevalidate: samePathOnly,
  };
}

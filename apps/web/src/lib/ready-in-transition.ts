import { useDeferredValue } from 'react';

/**
 * `ready` once React has rendered what it shows in a transition (issue 16). A query's answer is rendered by React at
 * once, in one long task of the main thread (TanStack Query's results come through `useSyncExternalStore`): a screen
 * that appears with its data would block the page for as long as its first render takes. Behind this, the render
 * that the answer starts still shows the loading state (cheap), and React renders the screen in a transition, in
 * slices of a few milliseconds, then shows it. Only the first arrival is deferred: once true, a boolean does not
 * change, so later answers (a refresh, an edit) are rendered as before.
 */
export function useReadyInTransition(ready: boolean): boolean {
  return useDeferredValue(ready) && ready;
}

/** A query's data once first rendered in a transition (useReadyInTransition), undefined until then. */
export function useDataInTransition<T>(data: T | undefined): T | undefined {
  return useReadyInTransition(data !== undefined) ? data : undefined;
}

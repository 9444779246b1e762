import type { ListVariant } from '@app/contracts';
import type { SearchScope } from './liste.prefetch.ts';

/** The module's TanStack Query keys, in one place: other modules read them through index.ts, never as literals. */
export const listeKeys = {
  /**
   * Every page of every list (live updates invalidate these). Under 'process': what refreshes every process
   * (processKeys.all, after a creation or a deletion) refreshes the lists too.
   */
  all: ['process', 'search'] as const,
  variant: (variant: ListVariant) => ['process', 'search', variant] as const,
  page: (scope: SearchScope, perPage: number, page: number, timeZone: string) =>
    ['process', 'search', scope.variant, { filters: scope.filters, sort: scope.sort }, perPage, page, timeZone] as const,
};

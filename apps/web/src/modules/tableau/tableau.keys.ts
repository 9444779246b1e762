import type { TableauRowsQuery } from './tableau.queries.ts';

/** The module's TanStack Query keys, in one place: other modules read them through index.ts, never as literals. */
export const tableauKeys = {
  /** Everything of the boards: any write refetches it. */
  all: ['tableau'] as const,
  list: ['tableau', 'list'] as const,
  one: (id: number) => ['tableau', 'one', id] as const,
  filtres: (id: number) => ['tableau', 'filtres', id] as const,
  affichages: (id: number) => ['tableau', 'affichages', id] as const,
  etats: (id: number) => ['tableau', 'etats', id] as const,
  rows: (q: TableauRowsQuery) => ['tableau', 'rows', q] as const,
  /** The rows and the state counts of every board: a change of any process refreshes them. */
  allRows: ['tableau', 'rows'] as const,
  allEtats: ['tableau', 'etats'] as const,
};

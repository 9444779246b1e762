import type { ProcessPageQuery } from './process.queries.ts';

/** The module's TanStack Query keys, in one place: other modules read them through index.ts, never as literals. */
export const processKeys = {
  all: ['process'] as const,
  list: (q: ProcessPageQuery) => ['process', 'list', q] as const,
  one: (id: number) => ['process', 'one', id] as const,
  controls: (id: number, etapeId: number) => ['process', 'one', id, 'controls', etapeId] as const,
  log: (id: number) => ['process', 'one', id, 'log'] as const,
  files: (id: number) => ['process', 'one', id, 'files'] as const,
  tree: (id: number) => ['process', 'one', id, 'tree'] as const,
  /** The documents (PDF) that apply to a process. */
  documents: (id: number) => ['process', 'one', id, 'documents'] as const,
  /** The workflow a process follows (steps, fields, rules). */
  modele: (id: number) => ['process', 'modele', id] as const,
  /** Every page of the processes screen. */
  lists: ['process', 'list'] as const,
  /** The choices of a reference field (company, service, workflow, person). */
  picker: (kind: string, entrepriseId: number) => ['process', 'picker', kind, entrepriseId] as const,
  /** The companies named by a process's contractors (header). */
  companies: ['process', 'picker', 'company'] as const,
};

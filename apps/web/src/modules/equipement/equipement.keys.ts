/** The module's TanStack Query keys, in one place: other modules read them through index.ts, never as literals. */
export const equipementKeys = {
  /** Everything of the registry: a write of the tree refetches it. */
  all: ['equipement'] as const,
  tree: (search: string) => ['equipement', 'tree', search] as const,
  trees: ['equipement', 'tree'] as const,
  one: (id: number) => ['equipement', 'one', id] as const,
  champs: ['equipement', 'champs'] as const,
  activites: (id: number) => ['equipement', 'activites', id] as const,
  processus: (id: number) => ['equipement', 'processus', id] as const,
  points: (id: number) => ['equipement', 'points', id] as const,
  droits: ['equipement', 'droits'] as const,
};

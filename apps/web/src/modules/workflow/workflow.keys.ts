/** The module's TanStack Query keys, in one place: other modules read them through index.ts, never as literals. */
export const workflowKeys = {
  all: ['workflow'] as const,
  list: ['workflow', 'list'] as const,
  edition: ['workflow', 'edition'] as const,
  fields: ['workflow', 'fields'] as const,
  referable: (etapeId: number) => ['workflow', 'referable', etapeId] as const,
};

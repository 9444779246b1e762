/** The module's TanStack Query keys, in one place: other modules read them through index.ts, never as literals. */
export const workflowKeys = {
  all: ['workflow'] as const,
  list: ['workflow', 'list'] as const,
  edition: ['workflow', 'edition'] as const,
  fields: ['workflow', 'fields'] as const,
  referable: (etapeId: number) => ['workflow', 'referable', etapeId] as const,
  // The gammes a reading field may name, and their points (the gamme module uses the workflow module: no import back).
  gammes: ['workflow', 'gammes'] as const,
  gammePoints: (gammeId: number) => ['workflow', 'gammes', gammeId] as const,
};

/** The module's TanStack Query keys, in one place. */
export const coactiviteKeys = {
  all: ['coactivite'] as const,
  process: (processId: number) => ['coactivite', 'process', processId] as const,
  matrice: ['coactivite', 'matrice'] as const,
};

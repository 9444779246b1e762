/** The module's TanStack Query keys, in one place. */
export const risqueKeys = {
  all: ['risque'] as const,
  list: ['risque', 'list'] as const,
  familles: ['risque', 'familles'] as const,
  echelle: ['risque', 'echelle'] as const,
  equipement: (id: number) => ['risque', 'equipement', id] as const,
};

/** The module's TanStack Query keys, in one place. */
export const formationKeys = {
  all: ['formation'] as const,
  page: (offset: number, perPage: number) => ['formation', 'page', offset, perPage] as const,
};

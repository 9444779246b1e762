/** The module's TanStack Query keys, in one place: other modules read them through index.ts, never as literals. */
export const gammeKeys = {
  all: ['gamme'] as const,
  list: (logicielId: number | null) => ['gamme', 'list', logicielId] as const,
  points: (gammeId: number) => ['gamme', 'points', gammeId] as const,
  etats: (gammeId: number) => ['gamme', 'etats', gammeId] as const,
  manoeuvreModele: (gammeId: number) => ['gamme', 'manoeuvreModele', gammeId] as const,
  manoeuvres: (gammeId: number) => ['gamme', 'manoeuvres', gammeId] as const,
  manoeuvrePage: (gammeId: number, page: number, perPage: number) => ['gamme', 'manoeuvres', gammeId, page, perPage] as const,
  releves: ['gamme', 'releves'] as const,
  history: (equipementId: number, page: number) => ['gamme', 'releves', equipementId, page] as const,
};

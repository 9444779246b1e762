import type { UtilisateurListQuery } from './utilisateur.queries.ts';

/** The module's TanStack Query keys, in one place: other modules read them through index.ts, never as literals. */
export const utilisateurKeys = {
  all: ['utilisateur'] as const,
  list: (q: UtilisateurListQuery) => ['utilisateur', 'list', q] as const,
  light: (entrepriseId: number) => ['utilisateur', 'light', entrepriseId] as const,
  options: (search: string) => ['utilisateur', 'options', search] as const,
};

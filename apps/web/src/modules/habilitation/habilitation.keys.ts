/** The module's TanStack Query keys, in one place. */
export const habilitationKeys = {
  all: ['habilitation'] as const,
  symboles: ['habilitation', 'symboles'] as const,
  setting: ['habilitation', 'setting'] as const,
  matrix: (query: object) => ['habilitation', 'matrix', query] as const,
  titres: (query: object) => ['habilitation', 'titres', query] as const,
  titre: (id: number) => ['habilitation', 'titre', id] as const,
  gate: (utilisateurId: number, codes: string) => ['habilitation', 'gate', utilisateurId, codes] as const,
  visites: (query: object) => ['habilitation', 'visites', query] as const,
  visitesOf: (utilisateurId: number) => ['habilitation', 'visitesOf', utilisateurId] as const,
  people: (search: string) => ['habilitation', 'people', search] as const,
};

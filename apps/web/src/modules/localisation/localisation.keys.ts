/** The module's TanStack Query keys, in one place. */
export const localisationKeys = {
  all: ['localisation'] as const,
  list: ['localisation', 'list'] as const,
  equipements: (id: number) => ['localisation', 'equipements', id] as const,
  /** An equipment's place (the equipment detail's location tab). */
  equipement: (id: number) => ['localisation', 'equipement', id] as const,
};

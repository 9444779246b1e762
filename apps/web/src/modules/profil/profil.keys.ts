/** The module's TanStack Query keys, in one place: other modules read them through index.ts, never as literals. */
export const profilKeys = {
  /** The client profiles (pickers of the users screen and of the step rules). */
  list: ['profil', 'list'] as const,
  /** Client or supplier-type (EE) profiles, as the profiles and permissions screens list them. */
  byType: (isEE: boolean) => ['profil', 'list', isEE ? 'ee' : 'client'] as const,
  logiciels: ['profil', 'logiciels'] as const,
};

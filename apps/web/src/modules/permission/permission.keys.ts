/** The module's TanStack Query keys, in one place: other modules read them through index.ts, never as literals. */
export const permissionKeys = {
  all: ['permission'] as const,
  /** Both menu trees (client and EE). */
  menus: ['menu'] as const,
  menu: (isEE: boolean) => ['menu', isEE] as const,
  entries: (isEE: boolean, filter: { profilId?: number; utilisateurId?: number }) => ['permission', 'entries', isEE, filter] as const,
};

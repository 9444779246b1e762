/** The module's TanStack Query keys, in one place: other modules read them through index.ts, never as literals. */
export const authKeys = {
  /** The signed-in user's session (menu, rules, settings): refetched when something it carries changes. */
  session: ['session'] as const,
};

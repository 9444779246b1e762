/** The module's TanStack Query keys, in one place: other modules and the app shell read them through index.ts. */
export const accueilKeys = {
  all: ['accueil'] as const,
  home: (tz: string) => ['accueil', 'home', tz] as const,
};

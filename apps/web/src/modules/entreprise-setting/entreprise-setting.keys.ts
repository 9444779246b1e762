/** The module's TanStack Query keys, in one place: other modules read them through index.ts, never as literals. */
export const entrepriseSettingKeys = { all: ['entrepriseSetting'] as const };

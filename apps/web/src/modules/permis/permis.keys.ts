/** The module's TanStack Query keys, in one place. */
export const permisKeys = {
  all: ['permis'] as const,
  /** The permit of a process (null while none is recorded). */
  ofProcess: (processId: number) => ['permis', 'process', processId] as const,
  setting: ['permis', 'setting'] as const,
  /** The company's lockouts in progress matching the words typed (the permit form's picker). */
  lockoutSearch: (search: string) => ['permis', 'lockouts', search] as const,
};

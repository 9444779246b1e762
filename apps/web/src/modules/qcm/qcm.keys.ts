/** The module's TanStack Query keys, in one place. */
export const qcmKeys = {
  all: ['qcm'] as const,
  /** get_all: the quizzes (with their questions for the bank's readers), the caller's attempts, the settings. */
  bank: ['qcm', 'all'] as const,
  setting: ['qcm', 'setting'] as const,
  /** The company's symbol catalogue (habilitation module), offered when naming what a quiz assesses. */
  catalogue: ['qcm', 'symboles-catalogue'] as const,
  evaluation: (id: number) => ['qcm', 'evaluation', id] as const,
  score: (id: number) => ['qcm', 'score', id] as const,
  evaluationPage: (offset: number, perPage: number) => ['qcm', 'evaluations', offset, perPage] as const,
};

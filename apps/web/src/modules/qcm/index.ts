// Public surface of the module: the app shell and other modules import only this file.
export { AttemptOutcomeCells, AttemptOutcomeHead } from './components/evaluation-badges.tsx';
export { useEvaluationPage } from './qcm.queries.ts';

/** Screens loaded on first visit (react-router `lazy`). */
export const qcmPages = {
  qcms: async () => ({ Component: (await import('./pages/qcms-page.tsx')).QcmsPage }),
  qcmQuestions: async () => ({ Component: (await import('./pages/qcm-questions-page.tsx')).QcmQuestionsPage }),
  settings: async () => ({ Component: (await import('./pages/evaluation-settings-page.tsx')).EvaluationSettingsPage }),
  evaluations: async () => ({ Component: (await import('./pages/evaluations-page.tsx')).EvaluationsPage }),
  evaluation: async () => ({ Component: (await import('./pages/evaluation-page.tsx')).EvaluationPage }),
};

// Public surface of the module: the app shell and other modules import only this file.
export { useWorkflowChoices, useWorkflowFields, useWorkflows, useWorkflowsForEdition } from './workflow.queries.ts';

/** Screens loaded on first visit (react-router `lazy`). */
export const workflowPages = {
  workflows: async () => ({ Component: (await import('./pages/workflows-page.tsx')).WorkflowsPage }),
  workflowEditor: async () => ({ Component: (await import('./pages/workflow-editor-page.tsx')).WorkflowEditorPage }),
};

import type { ProcessEtat } from './transitions.ts';

// A process's state in words, apart from the lists' schemas: the web's first load reads them and loads no zod
// (issue 16). process-list.schema.ts re-exports them.

/** French labels of a process's state: list rows, the boards' state counts, the web. */
export const PROCESS_ETAT_LABELS: Record<ProcessEtat, string> = { en_cours: 'En cours', termine: 'Terminé', inactif: 'Inactif' };

/** The status a list row carries (latestStatus): its current step's name while running, its state once ended or inactive. */
export function latestStatusOf(etat: ProcessEtat, etapeNom: string | null): string | null {
  return etat === 'en_cours' ? etapeNom : (PROCESS_ETAT_LABELS[etat] ?? etapeNom);
}

/**
 * The status shown in lists and boards: the current step (or the state), with the register status code when one
 * was set (« Inactif (ART) »). The codes' meanings are not defined by the spec: they are shown as they are.
 */
export function statusLabel(row: { status: string | null; latestStatus: string | null; etat: ProcessEtat }): string {
  const base = row.latestStatus ?? PROCESS_ETAT_LABELS[row.etat];
  return row.status && row.status !== base ? `${base} (${row.status})` : base;
}

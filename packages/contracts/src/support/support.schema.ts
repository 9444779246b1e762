import { z } from 'zod';
import { target } from '../common/references.ts';

/**
 * A super admin's support mode (issue 12, item 9): the client company the session acts in, since when. Absent from
 * a session outside support mode. Every request of the session runs in that company's scope.
 */
export const SupportMode = z.object({
  entrepriseId: z.number().int(),
  companyName: z.string(),
  /** The super admin's own company (where « Quitter » brings him back). */
  homeEntrepriseId: z.number().int(),
  /** When the super admin entered (ISO date-time). */
  since: z.string(),
});
export type SupportMode = z.infer<typeof SupportMode>;

/** Entering a client company: the company chosen (it must exist and not be the super admin's own, 404 otherwise). */
export const SupportEnter = z.object({ entrepriseId: target('entreprise') });

/** The answer to leaving: what the session is back to. */
export const SupportLeft = z.object({ message: z.string(), left: z.boolean() });

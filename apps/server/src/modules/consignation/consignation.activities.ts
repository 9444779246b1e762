import type { ActivitySource } from '../coactivite/index.ts';
import { etatsOf } from './consignation.repository.ts';

/**
 * What a lockout does on its equipment for the conflict finder (coactivite): consigned, an ouvrage under lockout; put
 * back under power for a test (SPD), an essai; nothing once released or cancelled. The coactivite module adds the
 * type's and the workflow's activities to these.
 */
export const lockoutActivities: ActivitySource = async (tx, { processIds }) => {
  const out = new Map<number, string[]>();
  for (const [id, etat] of await etatsOf(tx, processIds)) {
    if (etat === 'deconsignee_essai') out.set(id, ['essai']);
    else if (['consignee_etape1', 'consignee', 'travaux_autorises', 'en_cours', 'interrompue', 'suspendue_securite'].includes(etat))
      out.set(id, ['consignation']);
  }
  return out;
};

import { type ConditionTestValue, testHolds } from './conditions.ts';

/**
 * A step authorisation rule. Who-rules name a person, profile, service or the step's named validator, or give the
 * step to the process's contractors (`prestataire`: the people of the companies in its prestataireIds).
 */
export type StepRule =
  | { type: 'validateur'; utilisateurId: number }
  | { type: 'prestataire' }
  | { type: 'utilisateur'; utilisateurId: number }
  | { type: 'profil'; profilId: number }
  | { type: 'service'; serviceId: number }
  | { type: 'condition'; test: ConditionTestValue };

export interface StepActor {
  isSuperAdmin: boolean;
  userId: number;
  profilId: number | null;
  serviceId: number | null;
  /** The actor's company (a `prestataire` rule matches when it is one of the process's contractors). */
  entrepriseId?: number;
  /**
   * The actor acts on a process of another company, as its contractor. Only the rules that name them (validateur,
   * utilisateur) or give the step to the contractors (prestataire) let them act; a step without such a rule is the
   * client's (its profiles and services are the client's own).
   */
  external?: boolean;
}

/**
 * May this person act (sign, return, forward) on this step? Semantics, written down in docs/DECISIONS.md:
 * - a super admin always may;
 * - otherwise the step must be able to be validated (previous steps done, not sequenced behind another process,
 *   process active), and then
 * - with no rule, anyone of the process's company who may update the process may; a contractor (external) may not;
 * - with rules: who-rules (named validator, user, profile, service, the process's contractors) are alternatives:
 *   one must match, if there is any; metric conditions are requirements: all must hold. Both kinds together: both
 *   must be satisfied. A contractor matches only the rules naming them and the `prestataire` rule.
 */
export function canActOnStep(
  actor: StepActor,
  rules: readonly StepRule[],
  canBeValidated: boolean,
  values: Readonly<Record<string, unknown>>,
  prestataireIds: readonly number[] = [],
): boolean {
  if (actor.isSuperAdmin) return true;
  if (!canBeValidated) return false;
  const who = rules.filter((r) => r.type !== 'condition');
  const conditions = rules.filter((r): r is Extract<StepRule, { type: 'condition' }> => r.type === 'condition');
  const matches = (r: StepRule) => {
    switch (r.type) {
      case 'validateur':
      case 'utilisateur':
        return r.utilisateurId === actor.userId;
      case 'prestataire':
        return actor.entrepriseId !== undefined && prestataireIds.includes(actor.entrepriseId);
      case 'profil':
        return !actor.external && r.profilId === actor.profilId;
      case 'service':
        return !actor.external && r.serviceId === actor.serviceId;
      default:
        return false;
    }
  };
  const whoOk = who.length === 0 ? !actor.external : who.some(matches);
  return whoOk && conditions.every((c) => testHolds(c.test, values));
}

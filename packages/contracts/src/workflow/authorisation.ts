import { type ConditionTestValue, testHolds } from './conditions.ts';

/** A step authorisation rule. Who-rules name a person, profile, service or the step's named validator. */
export type StepRule =
  | { type: 'validateur'; utilisateurId: number }
  | { type: 'utilisateur'; utilisateurId: number }
  | { type: 'profil'; profilId: number }
  | { type: 'service'; serviceId: number }
  | { type: 'condition'; test: ConditionTestValue };

export interface StepActor {
  isSuperAdmin: boolean;
  userId: number;
  profilId: number | null;
  serviceId: number | null;
}

/**
 * May this person act (sign, return, forward) on this step? Semantics, written down in docs/DECISIONS.md:
 * - a super admin always may;
 * - otherwise the step must be able to be validated (previous steps done, not sequenced behind another process,
 *   process active), and then
 * - with no rule, anyone who may update the process may;
 * - with rules: who-rules (named validator, user, profile, service) are alternatives: one must match, if there
 *   is any; metric conditions are requirements: all must hold. Both kinds together: both must be satisfied.
 */
export function canActOnStep(
  actor: StepActor,
  rules: readonly StepRule[],
  canBeValidated: boolean,
  values: Readonly<Record<string, unknown>>,
): boolean {
  if (actor.isSuperAdmin) return true;
  if (!canBeValidated) return false;
  const who = rules.filter((r) => r.type !== 'condition');
  const conditions = rules.filter((r): r is Extract<StepRule, { type: 'condition' }> => r.type === 'condition');
  const whoOk =
    who.length === 0 ||
    who.some(
      (r) =>
        ((r.type === 'validateur' || r.type === 'utilisateur') && r.utilisateurId === actor.userId) ||
        (r.type === 'profil' && r.profilId === actor.profilId) ||
        (r.type === 'service' && r.serviceId === actor.serviceId),
    );
  return whoOk && conditions.every((c) => testHolds(c.test, values));
}

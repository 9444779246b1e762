import { canActOnStep, type StepActor, type StepRule } from '../workflow/authorisation.ts';

/**
 * Does a process's current step wait for this person on their home (« À signer »)? The same who-rules as
 * canActOnStep (validator, user, profile, service, …: one must name them), with two differences written down in
 * docs/DECISIONS.md (« Accueil »):
 * - a step without any who-rule, which anyone who may update the process may sign, waits only for the persons
 *   involved in the process (its creator and its person in charge): otherwise it would be on every home;
 * - field conditions are not evaluated on the home (they say when the step may be signed, the form says why not);
 *   the super admin flag does not put every step on a super admin's home.
 * The process must be in progress and not sequenced (the query checks it). The server's SQL
 * (apps/server/src/modules/accueil/accueil.repository.ts) follows this rule; test: accueil.test.ts.
 */
export function awaitsPerson(actor: StepActor, rules: readonly StepRule[], involved: boolean): boolean {
  const who = rules.filter((r) => r.type !== 'condition');
  if (who.length === 0) return involved;
  return canActOnStep({ ...actor, isSuperAdmin: false }, who, true, {});
}

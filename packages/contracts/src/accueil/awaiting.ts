import { canActOnStep, type StepActor, type StepRule } from '../workflow/authorisation.ts';

/** The process whose current step is looked at: its company, its contractors, and whether the person is involved. */
export interface AwaitingProcess {
  entrepriseId: number;
  prestataireIds: readonly number[];
  /** The person created the process or is its person in charge. */
  involved: boolean;
}

/**
 * Does a process's current step wait for this person on their home (« À signer »)? The who-rules of canActOnStep
 * (validator, user, profile, service, the process's contractors: one must name them), with the home's own choices,
 * written down in docs/DECISIONS.md (« Accueil »):
 * - a step without any who-rule, which anyone of the process's company who may update it may sign, waits only for
 *   the persons involved in the process (its creator and its person in charge), and never for a contractor;
 * - field conditions are not evaluated on the home (they say when the step may be signed, the form says why not);
 *   the super admin flag does not put every step on a super admin's home;
 * - a contractor (a person of another company than the process's) is awaited only by the rules naming them and by
 *   the `prestataire` rule when their company is one of the process's contractors (profiles and services are the
 *   client's own).
 * The process must be in progress and not sequenced (the query checks it). The server's SQL
 * (apps/server/src/modules/accueil/accueil.repository.ts) follows this rule; test: accueil.test.ts.
 */
export function awaitsPerson(actor: StepActor & { entrepriseId: number }, rules: readonly StepRule[], p: AwaitingProcess): boolean {
  const who = rules.filter((r) => r.type !== 'condition');
  const external = p.entrepriseId !== actor.entrepriseId;
  if (who.length === 0) return p.involved && !external;
  if (!external) return canActOnStep({ ...actor, isSuperAdmin: false }, who, true, {});
  return who.some((r) =>
    r.type === 'validateur' || r.type === 'utilisateur'
      ? r.utilisateurId === actor.userId
      : (r.type as string) === 'prestataire' && p.prestataireIds.includes(actor.entrepriseId),
  );
}

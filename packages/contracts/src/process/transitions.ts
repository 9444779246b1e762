import { ETAT_ETAPE } from '../common/constants.ts';

/** Overall state of a process (set by the server). */
export const PROCESS_ETATS = ['en_cours', 'termine', 'inactif'] as const;
export type ProcessEtat = (typeof PROCESS_ETATS)[number];

/** The state record of one step of a process (processDetails / etatEtapes). */
export interface StepState {
  etapeId: number;
  ordre: number;
  etat: number;
  isValid: boolean;
  dateRealise: string | null;
  saved: boolean;
  obsolete: boolean;
}

export interface EngineState {
  etat: ProcessEtat;
  status: string | null;
  /** Ordre of the current step; null once the process is done. */
  currentOrdre: number | null;
  steps: StepState[];
}

/** Why a transition is refused: each reason a conflict with the process's state, with its French message. */
export const TRANSITION_REFUSALS = {
  no_steps: 'Ce workflow n’a aucune étape.',
  inactive: 'Ce processus est inactif.',
  finished: 'Ce processus est terminé.',
  first_step: 'La première étape ne peut pas être renvoyée.',
  not_forwardable: 'Cette étape ne peut pas être passée.',
  last_step: 'Aucune étape après celle-ci : signez-la pour terminer.',
  already_inactive: 'Ce processus est déjà inactif.',
} as const;
export type TransitionRefusal = keyof typeof TRANSITION_REFUSALS;

/** A refused transition, typed by its reason (the message is the reason's French sentence). */
export class TransitionError extends Error {
  constructor(readonly refusal: TransitionRefusal) {
    super(TRANSITION_REFUSALS[refusal]);
  }
}

const byOrdre = (s: EngineState, ordre: number | null) => s.steps.find((x) => x.ordre === ordre && !x.obsolete);
const ordres = (s: EngineState) =>
  s.steps
    .filter((x) => !x.obsolete)
    .map((x) => x.ordre)
    .sort((a, b) => a - b);

/** The first state of a process: its step with ordre 1 current, else the first listed step (spec section 2). */
export function initialState(steps: readonly { etapeId: number; ordre: number }[]): EngineState {
  if (!steps.length) throw new TransitionError('no_steps');
  const first = steps.find((s) => s.ordre === 1) ?? steps[0];
  return {
    etat: 'en_cours',
    status: null,
    currentOrdre: first.ordre,
    steps: steps.map((s) => ({
      etapeId: s.etapeId,
      ordre: s.ordre,
      etat: ETAT_ETAPE.default,
      isValid: false,
      dateRealise: null,
      saved: false,
      obsolete: false,
    })),
  };
}

function assertActive(s: EngineState) {
  if (s.etat === 'inactif') throw new TransitionError('inactive');
  if (s.etat === 'termine' || s.currentOrdre === null) throw new TransitionError('finished');
}

/** A field change: the current step is saved and not completed. */
export function markSaved(s: EngineState): EngineState {
  assertActive(s);
  return { ...s, steps: s.steps.map((x) => (x.ordre === s.currentOrdre ? { ...x, saved: true, isValid: false } : x)) };
}

/** Signing validates the current step and makes the next ordre current; after the last, the process is done. */
export function sign(s: EngineState, now: string): EngineState {
  assertActive(s);
  const next = ordres(s).find((o) => o > (s.currentOrdre as number)) ?? null;
  return {
    ...s,
    etat: next === null ? 'termine' : 'en_cours',
    currentOrdre: next,
    steps: s.steps.map((x) =>
      x.ordre === s.currentOrdre
        ? { ...x, isValid: true, dateRealise: now, etat: next === null ? ETAT_ETAPE.terminated : ETAT_ETAPE.closed, saved: true }
        : x,
    ),
  };
}

/**
 * Returning goes back one step: the previous step is to be done again (not valid, no date, state reevaluated,
 * its signatures cleared by the caller), its saved flag kept only with keepStep; the step left goes back to default.
 */
export function returnStep(s: EngineState, keepStep: boolean): { state: EngineState; returnedTo: StepState } {
  assertActive(s);
  const prev = [...ordres(s)].reverse().find((o) => o < (s.currentOrdre as number));
  if (prev === undefined) throw new TransitionError('first_step');
  const state: EngineState = {
    ...s,
    currentOrdre: prev,
    steps: s.steps.map((x) => {
      if (x.ordre === prev)
        return { ...x, isValid: false, dateRealise: null, etat: ETAT_ETAPE.reevaluated, saved: keepStep ? x.saved : false };
      if (x.ordre === s.currentOrdre) return { ...x, etat: ETAT_ETAPE.default, isValid: false, dateRealise: null };
      return x;
    }),
  };
  return { state, returnedTo: byOrdre(state, prev) as StepState };
}

/** Forwarding skips the current step (the model must allow it on that step); the next becomes current. */
export function forwardStep(s: EngineState, canForward: boolean, now: string): EngineState {
  assertActive(s);
  if (!canForward) throw new TransitionError('not_forwardable');
  const next = ordres(s).find((o) => o > (s.currentOrdre as number));
  if (next === undefined) throw new TransitionError('last_step');
  return {
    ...s,
    currentOrdre: next,
    steps: s.steps.map((x) => (x.ordre === s.currentOrdre ? { ...x, etat: ETAT_ETAPE.stepChanged, isValid: true, dateRealise: now } : x)),
  };
}

/**
 * Deactivating sets the status, clears isValid and dateRealise on the listed steps, and keeps only the state
 * records of the steps that are not obsolete (spec section 4).
 */
export function deactivate(s: EngineState, status: string | null, etapeIds: readonly number[]): EngineState {
  if (s.etat === 'inactif') throw new TransitionError('already_inactive');
  return {
    ...s,
    etat: 'inactif',
    status,
    steps: s.steps
      .filter((x) => !x.obsolete)
      .map((x) => (etapeIds.includes(x.etapeId) ? { ...x, isValid: false, dateRealise: null, etat: ETAT_ETAPE.nonValid } : x)),
  };
}

/** Whether a process can act on its current step now (not sequenced behind an unfinished process, active). */
export function canBeValidated(s: EngineState, sequencedBehindUnfinished: boolean): boolean {
  return s.etat === 'en_cours' && s.currentOrdre !== null && !sequencedBehindUnfinished;
}

/** Process numbers are stored times 100 (spec section 9). */
export function displayNumero(stored: number): string {
  return (stored / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 });
}

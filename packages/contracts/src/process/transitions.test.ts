import { describe, expect, it } from 'vitest';
import { ETAT_ETAPE } from '../common/constants.ts';
import {
  canBeValidated,
  deactivate,
  displayNumero,
  type EngineState,
  forwardStep,
  initialState,
  markSaved,
  returnStep,
  sign,
  TRANSITION_REFUSALS,
  TransitionError,
  type TransitionRefusal,
} from './transitions.ts';

const NOW = '2026-11-22T10:00:00.000Z';
const three = () =>
  initialState([
    { etapeId: 10, ordre: 1 },
    { etapeId: 20, ordre: 2 },
    { etapeId: 30, ordre: 3 },
  ]);
const summary = (s: EngineState) => ({
  etat: s.etat,
  current: s.currentOrdre,
  steps: s.steps.map((x) => `${x.ordre}:${x.etat}:${x.isValid ? 'V' : '-'}:${x.saved ? 'S' : '-'}`),
});

describe('process transitions', () => {
  it('starts on the step with ordre 1, else the first listed', () => {
    expect(three().currentOrdre).toBe(1);
    expect(
      initialState([
        { etapeId: 5, ordre: 3 },
        { etapeId: 6, ordre: 4 },
      ]).currentOrdre,
    ).toBe(3);
    expect(() => initialState([])).toThrow(new TransitionError('no_steps'));
  });

  const D = ETAT_ETAPE.default;
  const C = ETAT_ETAPE.closed;
  const CASES: [string, (s: EngineState) => EngineState, ReturnType<typeof summary>][] = [
    [
      'a change marks the current step saved',
      (s) => markSaved(s),
      { etat: 'en_cours', current: 1, steps: [`1:${D}:-:S`, `2:${D}:-:-`, `3:${D}:-:-`] },
    ],
    [
      'signing validates and moves on',
      (s) => sign(s, NOW),
      { etat: 'en_cours', current: 2, steps: [`1:${C}:V:S`, `2:${D}:-:-`, `3:${D}:-:-`] },
    ],
    [
      'signing the last step ends the process',
      (s) => sign(sign(sign(s, NOW), NOW), NOW),
      { etat: 'termine', current: null, steps: [`1:${C}:V:S`, `2:${C}:V:S`, `3:${ETAT_ETAPE.terminated}:V:S`] },
    ],
    [
      'returning reopens the previous step, saved flag dropped',
      (s) => returnStep(sign(markSaved(s), NOW), false).state,
      { etat: 'en_cours', current: 1, steps: [`1:${ETAT_ETAPE.reevaluated}:-:-`, `2:${D}:-:-`, `3:${D}:-:-`] },
    ],
    [
      'returning with keepStep keeps the saved flag',
      (s) => returnStep(sign(markSaved(s), NOW), true).state,
      { etat: 'en_cours', current: 1, steps: [`1:${ETAT_ETAPE.reevaluated}:-:S`, `2:${D}:-:-`, `3:${D}:-:-`] },
    ],
    [
      'forwarding skips the current step',
      (s) => forwardStep(s, true, NOW),
      { etat: 'en_cours', current: 2, steps: [`1:${ETAT_ETAPE.stepChanged}:V:-`, `2:${D}:-:-`, `3:${D}:-:-`] },
    ],
  ];
  it.each(CASES)('%s', (_l, run, expected) => {
    expect(summary(run(three()))).toEqual(expected);
  });

  const REFUSED: [string, (s: EngineState) => unknown, TransitionRefusal][] = [
    ['returning from the first step', (s) => returnStep(s, false), 'first_step'],
    ['forwarding where the model forbids it', (s) => forwardStep(s, false, NOW), 'not_forwardable'],
    ['forwarding from the last step', (s) => forwardStep(sign(sign(s, NOW), NOW), true, NOW), 'last_step'],
    ['signing a finished process', (s) => sign(sign(sign(sign(s, NOW), NOW), NOW), NOW), 'finished'],
    ['signing an inactive process', (s) => sign(deactivate(s, 'ART', []), NOW), 'inactive'],
    ['saving on an inactive process', (s) => markSaved(deactivate(s, null, [])), 'inactive'],
    ['deactivating twice', (s) => deactivate(deactivate(s, null, []), null, []), 'already_inactive'],
  ];
  it.each(REFUSED)('refuses %s', (_l, run, refusal) => {
    const refused = (() => {
      try {
        run(three());
      } catch (e) {
        return e;
      }
    })();
    expect(refused).toBeInstanceOf(TransitionError);
    expect((refused as TransitionError).refusal).toBe(refusal);
    expect((refused as TransitionError).message).toBe(TRANSITION_REFUSALS[refusal]);
  });

  it('deactivation sets the status, clears the listed steps and drops obsolete records', () => {
    const s = sign(sign(three(), NOW), NOW);
    s.steps[2] = { ...s.steps[2], obsolete: true };
    const d = deactivate(s, 'ART', [20]);
    expect(d.etat).toBe('inactif');
    expect(d.status).toBe('ART');
    expect(d.steps.map((x) => [x.etapeId, x.isValid, x.dateRealise])).toEqual([
      [10, true, NOW],
      [20, false, null],
    ]);
  });

  it.each([
    [three(), false, true],
    [three(), true, false],
    [deactivate(three(), null, []), false, false],
  ])('can be validated: %# -> %s', (s, sequenced, expected) => {
    expect(canBeValidated(s, sequenced)).toBe(expected);
  });

  it.each([
    [1200, '12'],
    [150, '1,5'],
    [100000, '1\u202f000'],
  ])('number %i shows as %s', (stored, shown) => {
    expect(displayNumero(stored)).toBe(shown);
  });
});

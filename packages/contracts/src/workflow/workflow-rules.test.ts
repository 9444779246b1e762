import { describe, expect, it } from 'vitest';
import { canActOnStep, type StepActor, type StepRule } from './authorisation.ts';
import { type FieldConditionValue as FieldCondition, fieldState, testHolds } from './conditions.ts';
import { nextMetriqueIdx, shiftForInsert } from './idx.ts';
import { holdsValue, isEmptyValue } from './metrique-types.ts';

describe('idx rule', () => {
  it.each([
    [[], 1],
    [[1, 2, 3], 4],
    [[5, 2], 6],
    [[3, 10000, 10050], 4],
    [[10000], 1],
  ])('after %j the next idx is %i', (existing, expected) => {
    expect(nextMetriqueIdx(existing)).toBe(expected);
  });

  it('shifts the later fields on insert and keeps special ones', () => {
    const moved = shiftForInsert(
      [
        { id: 1, idx: 1 },
        { id: 2, idx: 2 },
        { id: 3, idx: 3 },
        { id: 4, idx: 10001 },
      ],
      2,
    );
    expect([...moved.entries()]).toEqual([
      [1, 1],
      [2, 3],
      [3, 4],
      [4, 10001],
    ]);
  });
});

describe('empty values and kinds', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    [[], true],
    [0, false],
    [false, false],
    ['x', false],
    [[1], false],
  ])('%j is empty: %s', (v, e) => expect(isEmptyValue(v)).toBe(e));

  it.each([
    ['text', true],
    ['signature', true],
    ['group', false],
    ['created_by', false],
    ['type-inconnu', true],
  ])('%s holds a value: %s', (t, e) => expect(holdsValue(t)).toBe(e));
});

describe('field conditions', () => {
  const values = { 1: 'oui', 2: ['a', 'b'], 3: 12, 4: '', 5: ['x'] };
  it.each([
    [{ metriqueId: 1, operator: 'equals', value: 'oui' }, true],
    [{ metriqueId: 1, operator: 'not_equals', value: 'oui' }, false],
    [{ metriqueId: 2, operator: 'contains', value: 'b' }, true],
    [{ metriqueId: 3, operator: 'gt', value: 10 }, true],
    [{ metriqueId: 3, operator: 'lt', value: 10 }, false],
    [{ metriqueId: 4, operator: 'empty' }, true],
    [{ metriqueId: 9, operator: 'empty' }, true],
    [{ metriqueId: 4, operator: 'gt', value: -1 }, false],
    [{ metriqueId: 5, operator: 'equals', value: 'x' }, true],
  ] as const)('%j -> %s', (t, e) => expect(testHolds(t, values)).toBe(e));

  const show: FieldCondition = { effect: 'show', tests: [{ metriqueId: 1, operator: 'equals', value: 'oui' }] };
  const hide: FieldCondition = { effect: 'hide', tests: [{ metriqueId: 1, operator: 'equals', value: 'oui' }] };
  const req: FieldCondition = { effect: 'require', tests: [{ metriqueId: 1, operator: 'equals', value: 'oui' }] };
  it.each([
    ['no condition', {}, { 1: 'non' }, { visible: true, required: false }],
    ['shown when it holds', { conditions: [show] }, { 1: 'oui' }, { visible: true, required: false }],
    ['hidden until it holds', { conditions: [show] }, { 1: 'non' }, { visible: false, required: false }],
    ['hidden while it holds', { conditions: [hide] }, { 1: 'oui' }, { visible: false, required: false }],
    ['required while it holds', { conditions: [req] }, { 1: 'oui' }, { visible: true, required: true }],
    ['not required otherwise', { conditions: [req] }, { 1: 'non' }, { visible: true, required: false }],
    ['a hidden field is never required', { hidden: true, required: true }, {}, { visible: false, required: false }],
    ['hidden by a condition, not required', { required: true, conditions: [hide] }, { 1: 'oui' }, { visible: false, required: false }],
  ] as const)('%s', (_l, field, vals, expected) => {
    expect(fieldState(field, vals)).toEqual(expected);
  });
});

describe('step authorisation', () => {
  const actor: StepActor = { isSuperAdmin: false, userId: 7, profilId: 4, serviceId: 2 };
  const CASES: [string, Partial<StepActor>, StepRule[], boolean, Record<string, unknown>, boolean][] = [
    ['super admin always', { isSuperAdmin: true }, [{ type: 'utilisateur', utilisateurId: 99 }], false, {}, true],
    ['no rule, can be validated', {}, [], true, {}, true],
    ['no rule, cannot be validated', {}, [], false, {}, false],
    ['named validator matches', {}, [{ type: 'validateur', utilisateurId: 7 }], true, {}, true],
    ['named validator is someone else', {}, [{ type: 'validateur', utilisateurId: 8 }], true, {}, false],
    ['profile matches', {}, [{ type: 'profil', profilId: 4 }], true, {}, true],
    ['service matches', {}, [{ type: 'service', serviceId: 2 }], true, {}, true],
    [
      'one of several who-rules suffices',
      {},
      [
        { type: 'profil', profilId: 1 },
        { type: 'service', serviceId: 2 },
      ],
      true,
      {},
      true,
    ],
    ['condition holds', {}, [{ type: 'condition', test: { metriqueId: 1, operator: 'equals', value: 'oui' } }], true, { 1: 'oui' }, true],
    ['condition fails', {}, [{ type: 'condition', test: { metriqueId: 1, operator: 'equals', value: 'oui' } }], true, { 1: 'non' }, false],
    [
      'who matches but condition fails',
      {},
      [
        { type: 'profil', profilId: 4 },
        { type: 'condition', test: { metriqueId: 1, operator: 'not_empty' } },
      ],
      true,
      {},
      false,
    ],
    [
      'who matches and condition holds',
      {},
      [
        { type: 'profil', profilId: 4 },
        { type: 'condition', test: { metriqueId: 1, operator: 'not_empty' } },
      ],
      true,
      { 1: 'x' },
      true,
    ],
    ['matching rule but step cannot be validated', {}, [{ type: 'utilisateur', utilisateurId: 7 }], false, {}, false],
  ];
  it.each(CASES)('%s', (_l, a, rules, canBeValidated, values, expected) => {
    expect(canActOnStep({ ...actor, ...a }, rules, canBeValidated, values)).toBe(expected);
  });

  // Contractors: the process's prestataireIds are [30]; the contractor's company is 30 (or 31, not one of them).
  const contractor: Partial<StepActor> = { entrepriseId: 30, external: true };
  const PRESTATAIRE_CASES: [string, Partial<StepActor>, StepRule[], boolean, Record<string, unknown>, boolean][] = [
    ['prestataire rule: a contractor of the process', contractor, [{ type: 'prestataire' }], true, {}, true],
    ['prestataire rule: a contractor of another company', { entrepriseId: 31, external: true }, [{ type: 'prestataire' }], true, {}, false],
    ['prestataire rule: the client company’s staff', { entrepriseId: 10 }, [{ type: 'prestataire' }], true, {}, false],
    ['prestataire rule, step cannot be validated', contractor, [{ type: 'prestataire' }], false, {}, false],
    [
      'prestataire rule and a condition that fails',
      contractor,
      [{ type: 'prestataire' }, { type: 'condition', test: { metriqueId: 1, operator: 'not_empty' } }],
      true,
      {},
      false,
    ],
    ['no rule: closed to a contractor', contractor, [], true, {}, false],
    ['a contractor named on the step', contractor, [{ type: 'utilisateur', utilisateurId: 7 }], true, {}, true],
    ['a contractor as named validator', contractor, [{ type: 'validateur', utilisateurId: 7 }], true, {}, true],
    ['a contractor never matches a profile rule', contractor, [{ type: 'profil', profilId: 4 }], true, {}, false],
    ['a contractor never matches a service rule', contractor, [{ type: 'service', serviceId: 2 }], true, {}, false],
    ['profile or prestataire: the contractor', contractor, [{ type: 'profil', profilId: 9 }, { type: 'prestataire' }], true, {}, true],
    [
      'profile or prestataire: the client’s staff',
      { entrepriseId: 10 },
      [{ type: 'profil', profilId: 4 }, { type: 'prestataire' }],
      true,
      {},
      true,
    ],
  ];
  it.each(PRESTATAIRE_CASES)('%s', (_l, a, rules, canBeValidated, values, expected) => {
    expect(canActOnStep({ ...actor, ...a }, rules, canBeValidated, values, [30])).toBe(expected);
  });
});

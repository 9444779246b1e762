import type { Metrique } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { metriqueFixture } from '../../test/fixtures.ts';
import {
  arrangeAfterMove,
  conditionCandidates,
  dropPosition,
  emptyCondition,
  filterPalette,
  fromDrafts,
  insertIdxAt,
  moveTo,
  patchTest,
  toDrafts,
  valueChoices,
} from './workflow-editor.util.ts';

const field = (id: number, idx: number, extra: Partial<Metrique> = {}): Metrique =>
  metriqueFixture(id, `Champ ${id}`, 'text', { idx, ...extra });

describe('drop position → idx', () => {
  // Fields out of order on purpose, with gaps, a group's children and a special field (idx ≥ 10000).
  const fields = [field(3, 7), field(1, 2), field(2, 4, { dataType: 'group', children: [field(5, 5), field(6, 6)] }), field(9, 10001)];

  it.each([
    ['before the first field', 0, 2],
    ['before the second (the group)', 1, 4],
    ['before the third', 2, 7],
    ['at the end (append by the idx rule)', 3, null],
    ['past the end', 9, null],
  ])('%s', (_, position, idx) => {
    expect(insertIdxAt(fields, position)).toBe(idx);
  });

  it('an empty step appends', () => expect(insertIdxAt([], 0)).toBeNull());

  it.each([
    [0, 10, 40, 0],
    [0, 30, 40, 1],
    [2, 19.9, 40, 2],
    [2, 20, 40, 3],
  ])('row %s, pointer at %spx of %spx → position %s', (index, y, h, pos) => {
    expect(dropPosition(index, y, h)).toBe(pos);
  });

  it('moves within a list, counting the drop position before the move', () => {
    expect(moveTo(['a', 'b', 'c'], 0, 3)).toEqual(['b', 'c', 'a']);
    expect(moveTo(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveTo(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'a', 'c']);
  });

  it('arranges every field of the step, a group with its children, and skips no-op moves', () => {
    expect(arrangeAfterMove(fields, 3, 0)).toEqual([3, 1, 2, 5, 6]);
    expect(arrangeAfterMove(fields, 1, 3)).toEqual([2, 5, 6, 3, 1]);
    expect(arrangeAfterMove(fields, 1, 0)).toBeNull();
    expect(arrangeAfterMove(fields, 1, 1)).toBeNull();
    expect(arrangeAfterMove(fields, 42, 0)).toBeNull();
  });
});

describe('condition editor state', () => {
  it('refuses incomplete drafts with a French reason', () => {
    expect(fromDrafts([emptyCondition()])).toEqual({ ok: false, error: 'Choisissez le champ testé (condition 1).' });
    const noValue = patchTest([emptyCondition()], 0, 0, { metriqueId: 4 });
    expect(fromDrafts(noValue)).toEqual({ ok: false, error: 'Saisissez la valeur à comparer (condition 1).' });
    expect(fromDrafts([{ effect: 'hide', tests: [] }])).toMatchObject({ ok: false });
  });

  it('saves complete drafts, without a value for empty / not empty', () => {
    let d = patchTest([emptyCondition()], 0, 0, { metriqueId: 4, value: ' elec ' });
    d = [...d, { effect: 'require', tests: [{ metriqueId: 5, operator: 'not_empty', value: '' }] }];
    expect(fromDrafts(d)).toEqual({
      ok: true,
      conditions: [
        { effect: 'show', tests: [{ metriqueId: 4, operator: 'equals', value: 'elec' }] },
        { effect: 'require', tests: [{ metriqueId: 5, operator: 'not_empty' }] },
      ],
    });
  });

  it('clears the value when the tested field changes or the operator takes none', () => {
    const d = patchTest([emptyCondition()], 0, 0, { metriqueId: 4, value: 'x' });
    expect(patchTest(d, 0, 0, { metriqueId: 5 })[0].tests[0]).toEqual({ metriqueId: 5, operator: 'equals', value: '' });
    expect(patchTest(d, 0, 0, { operator: 'empty' })[0].tests[0].value).toBe('');
    expect(patchTest(d, 0, 0, { operator: 'gt' })[0].tests[0].value).toBe('x');
  });

  it('round-trips saved conditions', () => {
    const saved = [{ effect: 'show' as const, tests: [{ metriqueId: 4, operator: 'equals' as const, value: 3 }] }];
    expect(toDrafts(saved)).toEqual([{ effect: 'show', tests: [{ metriqueId: 4, operator: 'equals', value: '3' }] }]);
    expect(fromDrafts(toDrafts(saved))).toEqual({
      ok: true,
      conditions: [{ effect: 'show', tests: [{ metriqueId: 4, operator: 'equals', value: '3' }] }],
    });
  });

  it('offers the other value-holding fields, and option values for a select', () => {
    const all = [
      field(1, 1),
      field(2, 2, { dataType: 'group' }),
      field(3, 3, { dataType: 'created_by' }),
      field(4, 4, { dataType: 'select', propertyValues: { options: [{ id: 'a', libelle: 'Élec' }] } }),
    ];
    expect(conditionCandidates(all, 1).map((f) => f.id)).toEqual([4]);
    expect(valueChoices(all[3])).toEqual([{ value: 'a', label: 'Élec' }]);
    expect(valueChoices(all[0])).toBeNull();
    expect(valueChoices(field(7, 7, { dataType: 'checkbox' }))?.map((c) => c.value)).toEqual(['true', 'false']);
  });
});

describe('palette search', () => {
  it('ignores accents and case', () => {
    const types = [
      { code: 'signature', libelle: 'Signature' },
      { code: 'equipment', libelle: 'Équipement' },
    ];
    expect(filterPalette(types, 'equip').map((t) => t.code)).toEqual(['equipment']);
    expect(filterPalette(types, 'SIGN').map((t) => t.code)).toEqual(['signature']);
    expect(filterPalette(types, '  ')).toHaveLength(2);
  });
});

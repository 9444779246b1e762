import { describe, expect, it } from 'vitest';
import {
  moveTo,
  needsComment,
  nextNumero,
  nextPointIdx,
  niveauOf,
  niveauOfValue,
  numericValue,
  renumberAfterDelete,
  shiftPointsForInsert,
  thresholdsProblem,
  totalPages,
} from './gamme-rules.ts';

const T = { min: 2, lowWarning: 4, highWarning: 8, max: 10 };

describe('niveauOf', () => {
  it.each([
    [1.99, 'alarm'],
    [2, 'warning'],
    [3.9, 'warning'],
    [4, 'ok'],
    [6, 'ok'],
    [8, 'ok'],
    [8.01, 'warning'],
    [10, 'warning'],
    [10.5, 'alarm'],
  ] as const)('%d → %s', (v, n) => expect(niveauOf(v, T)).toBe(n));
  it.each([
    [{}, 1e9, 'ok'],
    [{ max: 10 }, 11, 'alarm'],
    [{ min: 0 }, -1, 'alarm'],
    [{ highWarning: 5 }, 6, 'warning'],
    [{ min: 0, max: 10, lowWarning: null, highWarning: null }, 9.99, 'ok'],
  ] as const)('absent bounds do not limit %j %d', (t, v, n) => expect(niveauOf(v, t)).toBe(n));
});

describe('niveauOfValue', () => {
  it.each([
    ['number', '7,5', 'ok'],
    ['number', '11', 'alarm'],
    ['number', 'abc', null],
    ['number', null, null],
    ['checkbox', false, 'alarm'],
    ['checkbox', 'NOK', 'alarm'],
    ['checkbox', true, 'ok'],
    ['select', 'Bon', 'ok'],
    ['text', 'RAS', 'ok'],
  ] as const)('%s %j → %s', (t, v, n) => expect(niveauOfValue(t, v, T)).toBe(n));
});

describe('numericValue', () => {
  it.each([
    ['12', 12],
    [' 1 234,5 ', 1234.5],
    ['-3.2', -3.2],
    ['1e3', 1000],
    ['', null],
    ['12a', null],
    [Number.NaN, null],
    [true, null],
  ] as const)('%j → %j', (v, n) => expect(numericValue(v)).toBe(n));
});

describe('needsComment', () => {
  it.each([
    ['ok', false],
    ['warning', true],
    ['alarm', true],
  ] as const)('%s → %s', (n, r) => expect(needsComment(n)).toBe(r));
});

describe('thresholdsProblem', () => {
  it.each([
    [{}, false],
    [T, false],
    [{ min: 5, max: 5 }, false],
    [{ min: 10, max: 2 }, true],
    [{ lowWarning: 9, highWarning: 8 }, true],
    [{ min: 3, lowWarning: 2 }, true],
    [{ highWarning: 12, max: 10 }, true],
  ])('%j → problem %s', (t, bad) => expect(thresholdsProblem(t) !== null).toBe(bad));
});

describe('numbering and idx', () => {
  it.each([
    [[], 1],
    [[1, 2, 3], 4],
    [[5, 2], 6],
  ])('nextNumero %j → %d', (e, n) => expect(nextNumero(e)).toBe(n));
  it.each([
    [[], 1],
    [[1, 2, 10000], 3],
    [[10001], 1],
    [[7, 3], 8],
  ])('nextPointIdx %j → %d (the highest below 10000 + 1)', (e, n) => expect(nextPointIdx(e)).toBe(n));
  it('inserting shifts the later points, not the special ones', () => {
    const m = shiftPointsForInsert(
      [
        { id: 1, idx: 1 },
        { id: 2, idx: 2 },
        { id: 3, idx: 3 },
        { id: 4, idx: 10000 },
      ],
      2,
    );
    expect([...m.entries()]).toEqual([
      [1, 1],
      [2, 3],
      [3, 4],
      [4, 10000],
    ]);
  });
  it('deleting a line moves the later ones up', () => {
    const m = renumberAfterDelete(
      [
        { id: 1, numero: 1 },
        { id: 3, numero: 3 },
        { id: 4, numero: 4 },
      ],
      2,
    );
    expect([...m.values()]).toEqual([1, 2, 3]);
  });
  const items = [1, 2, 3, 4, 5].map((p) => ({ id: p * 10, pos: p }));
  it.each([
    [10, 3, [3, 1, 2, 4, 5]],
    [40, 2, [1, 3, 4, 2, 5]],
    [30, 3, [1, 2, 3, 4, 5]],
    [20, 99, [1, 5, 2, 3, 4]],
    [50, 0, [2, 3, 4, 5, 1]],
  ])('moveTo id %d → %d', (id, to, want) => {
    const m = moveTo(items, id, to);
    expect(items.map((i) => m.get(i.id))).toEqual(want);
  });
  it('moveTo leaves special idx alone', () => {
    const m = moveTo(
      [
        { id: 1, pos: 1 },
        { id: 2, pos: 2 },
        { id: 3, pos: 10000 },
      ],
      1,
      5,
      10000,
    );
    expect([...m.values()]).toEqual([2, 1, 10000]);
  });
  it.each([
    [0, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
  ])('totalPages(%d, %d) = %d', (t, p, n) => expect(totalPages(t, p)).toBe(n));
});

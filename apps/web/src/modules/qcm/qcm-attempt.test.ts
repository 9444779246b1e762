import { describe, expect, it } from 'vitest';
import { goTo, isFirst, isLast, isReview, next, previous, sameSelection, toggleAnswer, unansweredIndexes } from './qcm-attempt.ts';

describe('toggleAnswer', () => {
  it.each([
    ['single: choose', [], 3, false, [3]],
    ['single: another replaces it', [3], 5, false, [5]],
    ['single: the same again clears it', [3], 3, false, []],
    ['multiple: add, kept sorted', [5], 3, true, [3, 5]],
    ['multiple: remove', [3, 5], 5, true, [3]],
    ['multiple: the last removed', [3], 3, true, []],
  ])('%s', (_, chosen, id, multiple, expected) => {
    expect(toggleAnswer(chosen, id, multiple)).toEqual(expected);
  });
});

describe('navigation', () => {
  const start = { index: 0, count: 3 };
  it('goes forward to the review, and back', () => {
    const steps = [start];
    for (let i = 0; i < 4; i++) steps.push(next(steps[steps.length - 1]));
    expect(steps.map((s) => s.index)).toEqual([0, 1, 2, 3, 3]);
    expect(isReview(steps[3])).toBe(true);
    expect(isLast(steps[2])).toBe(true);
    expect(previous(steps[3]).index).toBe(2);
  });
  it('never goes before the first question or past the review', () => {
    expect(previous(start)).toEqual(start);
    expect(isFirst(start)).toBe(true);
    expect(goTo(start, 9).index).toBe(3);
    expect(goTo(start, -2).index).toBe(0);
  });
  it('lists the questions left without an answer', () => {
    expect(unansweredIndexes([10, 11, 12], { '10': [1], '11': [], '13': [4] })).toEqual([1, 2]);
    expect(unansweredIndexes([10], { '10': [1] })).toEqual([]);
  });
  it('compares selections whatever their order', () => {
    expect(sameSelection([2, 1], [1, 2])).toBe(true);
    expect(sameSelection(undefined, [])).toBe(true);
    expect(sameSelection([1], [1, 2])).toBe(false);
  });
});

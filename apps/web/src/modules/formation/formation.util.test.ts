import { describe, expect, it } from 'vitest';
import { validiteOf } from './formation.util.ts';

describe('validiteOf', () => {
  it.each([
    [null, 'none'],
    ['2026-11-24', 'expired'],
    ['2026-11-25', 'soon'],
    ['2027-01-24', 'soon'],
    ['2027-01-25', 'valid'],
    ['2029-11-25', 'valid'],
  ] as const)('valid until %s, on 25/11/26 → %s', (until, state) => {
    expect(validiteOf(until, '2026-11-25')).toBe(state);
  });
});

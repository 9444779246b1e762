import { describe, expect, it } from 'vitest';
import { chipTextColour, contrastRatio, hexOf } from './chip-colors.ts';

describe('hexOf (a company colour as stored)', () => {
  it.each([
    ['#1A7F37', '#1a7f37'],
    ['#abc', '#aabbcc'],
    [' #000000 ', '#000000'],
    ['blue', null],
    ['#12345', null],
    ['', null],
    [null, null],
  ])('%s → %s', (input, want) => {
    expect(hexOf(input)).toBe(want);
  });
});

describe('chipTextColour (black or white on the company colour)', () => {
  it.each([
    ['#ffffff', '#000000'],
    ['#ffd43b', '#000000'],
    ['#000091', '#ffffff'],
    ['#c92a2a', '#ffffff'],
    ['#2f9e44', '#000000'],
    ['#777777', '#000000'],
  ])('%s → %s', (bg, want) => {
    expect(chipTextColour(bg)).toBe(want);
  });

  it('always reads at WCAG AA (4.5:1) whatever the colour', () => {
    for (let v = 0; v < 0x1000000; v += 0x050505) {
      const bg = `#${v.toString(16).padStart(6, '0')}`;
      expect(contrastRatio(bg, chipTextColour(bg))).toBeGreaterThanOrEqual(4.5);
    }
  });
});

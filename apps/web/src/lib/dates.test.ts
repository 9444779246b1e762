import { describe, expect, it } from 'vitest';
import { parseDayText } from './dates.ts';

const today = new Date('2026-11-24T10:00:00Z');

describe('parseDayText (dd/MM/yy typed in the date inputs)', () => {
  it.each([
    ['24/11/26', false, '2026-11-24'],
    ['24/11/2026', false, '2026-11-24'],
    ['4.1.27', false, '2027-01-04'],
    ['01/03/70', false, '1970-03-01'],
    ['24/11/26 08:30', true, '2026-11-24 08:30:00'],
    ['24/11/26 8h05', true, '2026-11-24 08:05:00'],
    ['24/11/26', true, '2026-11-24 00:00:00'],
    ['31/02/26', false, null],
    ['24/13/26', false, null],
    ['24/11/26 24:00', true, null],
    ['24/11', false, null],
    ['', false, null],
  ])('%s (time: %s) → %s', (text, withTime, expected) => {
    expect(parseDayText(text, withTime, today)).toBe(expected);
  });
});

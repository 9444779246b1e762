import { describe, expect, it } from 'vitest';
import { formatDate, formatFull, formatTime } from './date.ts';

describe('dates in Europe/Paris', () => {
  it.each([
    ['2026-01-15T23:30:00Z', '16/01/26', '00:30', '2026-01-16 00:30:00'],
    ['2026-07-01T06:05:09Z', '01/07/26', '08:05', '2026-07-01 08:05:09'],
    ['2026-03-29T00:59:00Z', '29/03/26', '01:59', '2026-03-29 01:59:00'],
    ['2026-03-29T01:00:00Z', '29/03/26', '03:00', '2026-03-29 03:00:00'],
  ])('%s -> %s %s', (iso, d, t, full) => {
    expect(formatDate(iso)).toBe(d);
    expect(formatTime(iso)).toBe(t);
    expect(formatFull(iso)).toBe(full);
  });
  it('is empty for no value', () => {
    expect(formatDate(null)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { announcementParts, clockOffset, crossedThreshold, formatRemaining, remainingMs, timerLevel } from './qcm-timer.ts';

const T0 = Date.parse('2026-11-25T09:00:00.000Z');

describe('remainingMs', () => {
  it.each([
    ['no time limit', null, T0, 0, null],
    ['an unreadable deadline', 'demain', T0, 0, null],
    ['ten minutes before', '2026-11-25T09:10:00.000Z', T0, 0, 600_000],
    ['after the deadline: never negative', '2026-11-25T08:59:00.000Z', T0, 0, 0],
    ['the device 30 s behind the server', '2026-11-25T09:10:00.000Z', T0, 30_000, 570_000],
  ])('%s', (_, deadline, now, offset, expected) => {
    expect(remainingMs(deadline, now, offset)).toBe(expected);
  });
});

describe('clockOffset', () => {
  it.each([
    [undefined, 0],
    ['pas une date', 0],
    ['2026-11-25T09:00:30.000Z', 30_000],
    ['2026-11-25T08:59:58.000Z', -2_000],
  ])('server now %s → %d', (serverNow, expected) => {
    expect(clockOffset(serverNow, T0)).toBe(expected);
  });
});

describe('formatRemaining', () => {
  it.each([
    [0, '00:00'],
    [-5, '00:00'],
    [1, '00:01'],
    [59_001, '01:00'],
    [61_000, '01:01'],
    [20 * 60_000, '20:00'],
    [3_729_000, '1:02:09'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatRemaining(ms)).toBe(text);
  });
});

describe('timerLevel', () => {
  it.each([
    [20 * 60_000, 30 * 60_000, 'normal'],
    [5 * 60_000, 30 * 60_000, 'warning'],
    [61_000, 30 * 60_000, 'warning'],
    [60_000, 30 * 60_000, 'danger'],
    [0, 30 * 60_000, 'over'],
    // A 10-minute quiz turns orange in its last fifth (2 min), not at 5 min.
    [4 * 60_000, 10 * 60_000, 'normal'],
    [2 * 60_000, 10 * 60_000, 'warning'],
    [4 * 60_000, null, 'warning'],
  ] as const)('%d ms of %s → %s', (ms, duration, level) => {
    expect(timerLevel(ms, duration)).toBe(level);
  });
});

describe('crossedThreshold (what the live region announces)', () => {
  it.each([
    ['first reading: nothing', null, 9 * 60_000, null],
    ['a second passes far from a threshold', 9 * 60_000, 9 * 60_000 - 1000, null],
    ['crossing 5 minutes', 5 * 60_000 + 400, 5 * 60_000 - 600, 5 * 60_000],
    ['landing exactly on 1 minute', 61_000, 60_000, 60_000],
    ['already below: not announced again', 60_000, 59_000, null],
    ['a sleeping tab skips 5 min and 1 min: the smallest', 6 * 60_000, 50_000, 60_000],
    ['the last ten seconds', 11_000, 10_000, 10_000],
  ])('%s', (_, previous, current, expected) => {
    expect(crossedThreshold(previous, current)).toBe(expected);
  });

  it('says minutes or seconds', () => {
    expect(announcementParts(5 * 60_000)).toEqual({ unit: 'minutes', count: 5 });
    expect(announcementParts(60_000)).toEqual({ unit: 'minutes', count: 1 });
    expect(announcementParts(30_000)).toEqual({ unit: 'seconds', count: 30 });
  });
});

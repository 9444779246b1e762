import { describe, expect, it } from 'vitest';
import { checksOf, durationParts, formatClock, formatDuration, remainingUntil, validityOf } from './permis-time.ts';

const T0 = Date.parse('2026-11-25T09:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const min = (m: number) => m * 60_000;

describe('validityOf (the permit’s window at an instant)', () => {
  it.each([
    { name: 'no end: no window to show', debut: at(0), fin: null, now: T0, want: { state: 'sans_fenetre', ms: 0 } },
    { name: 'an unreadable end counts as none', debut: at(0), fin: 'demain', now: T0, want: { state: 'sans_fenetre', ms: 0 } },
    { name: 'before its start', debut: at(60), fin: at(600), now: T0, want: { state: 'a_venir', ms: min(60) } },
    {
      name: 'well inside (a 10 h window, 8 h left)',
      debut: at(0),
      fin: at(600),
      now: T0 + min(120),
      want: { state: 'valide', ms: min(480) },
    },
    { name: 'in its last 2 hours', debut: at(0), fin: at(600), now: T0 + min(500), want: { state: 'bientot', ms: min(100) } },
    { name: 'a short window: its last fifth', debut: at(0), fin: at(60), now: T0 + min(49), want: { state: 'bientot', ms: min(11) } },
    { name: 'a short window before its last fifth', debut: at(0), fin: at(60), now: T0 + min(40), want: { state: 'valide', ms: min(20) } },
    { name: 'no start: 2 hours before the end', debut: null, fin: at(600), now: T0 + min(480), want: { state: 'bientot', ms: min(120) } },
    { name: 'at its end exactly', debut: at(0), fin: at(600), now: T0 + min(600), want: { state: 'expire', ms: 0 } },
    { name: 'after its end', debut: at(0), fin: at(600), now: T0 + min(650), want: { state: 'expire', ms: min(50) } },
  ])('$name', ({ debut, fin, now, want }) => {
    expect(validityOf(debut, fin, now)).toEqual(want);
  });
});

describe('durations as shown', () => {
  it.each([
    [0, '0 min', { days: 0, hours: 0, minutes: 0 }],
    [-5000, '0 min', { days: 0, hours: 0, minutes: 0 }],
    [1, '1 min', { days: 0, hours: 0, minutes: 1 }],
    [min(12), '12 min', { days: 0, hours: 0, minutes: 12 }],
    [min(65), '1 h 05 min', { days: 0, hours: 1, minutes: 5 }],
    [min(120), '2 h 00 min', { days: 0, hours: 2, minutes: 0 }],
    [min(1440), '1 j', { days: 1, hours: 0, minutes: 0 }],
    [min(1440 * 2 + 250), '2 j 4 h', { days: 2, hours: 4, minutes: 10 }],
  ])('%d ms → %s', (ms, text, parts) => {
    expect(formatDuration(ms)).toBe(text);
    expect(durationParts(ms)).toEqual(parts);
  });

  it.each([
    [0, '00:00'],
    [1, '00:01'],
    [min(29) + 30_000, '29:30'],
    [min(119) + 30_000, '1:59:30'],
  ])('countdown %d ms → %s', (ms, text) => {
    expect(formatClock(ms)).toBe(text);
  });
});

describe('checksOf (the fire watch’s checks as shown; 4 checks every 30 min, signable 5 min early)', () => {
  const echeances = [at(30), at(60), at(90), at(120)];
  it.each([
    { name: 'just started: nothing to sign yet', signes: [], now: T0, want: ['a_venir', 'a_venir', 'a_venir', 'a_venir'] },
    { name: 'the first one signable 5 min early', signes: [], now: T0 + min(25), want: ['du', 'a_venir', 'a_venir', 'a_venir'] },
    { name: 'still « à faire » 5 min after its time', signes: [], now: T0 + min(35), want: ['du', 'a_venir', 'a_venir', 'a_venir'] },
    { name: 'late after that', signes: [], now: T0 + min(36), want: ['en_retard', 'a_venir', 'a_venir', 'a_venir'] },
    { name: 'signed ones are done whatever the time', signes: [1, 2], now: T0 + min(100), want: ['fait', 'fait', 'en_retard', 'a_venir'] },
    { name: 'all signed', signes: [1, 2, 3, 4], now: T0 + min(200), want: ['fait', 'fait', 'fait', 'fait'] },
  ])('$name', ({ signes, now, want }) => {
    expect(checksOf(echeances, signes, now, 5).map((c) => c.state)).toEqual(want);
  });

  it('numbers them from 1 with their time', () => {
    expect(checksOf(echeances, [], T0, 5)[3]).toEqual({ numero: 4, dueAt: at(120), state: 'a_venir' });
  });
});

describe('remainingUntil', () => {
  it.each([
    ['no end', null, 0],
    ['75 min before the end', at(120), min(75)],
    ['after the end: never negative', at(30), 0],
  ])('%s', (_, fin, want) => {
    expect(remainingUntil(fin, T0 + min(45))).toBe(want);
  });
});

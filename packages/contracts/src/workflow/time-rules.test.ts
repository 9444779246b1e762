import { describe, expect, it } from 'vitest';
import { checkTimeRules, describeTimeRules, lastSignatureOf, type TimeRulesValue, timeRulesOf } from './time-rules.ts';

// A fixed « now »: the rules never read the clock.
const now = new Date('2026-11-24T13:00:00Z'); // 14:00 in Paris
const h = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();
const window = (debut: number | null, fin: number | null) => ({
  dateDebut: debut === null ? null : h(debut),
  dateFin: fin === null ? null : h(fin),
});

describe('time rules at signing', () => {
  it.each<[string, TimeRulesValue, ReturnType<typeof window>, string | null, boolean, string | null]>([
    ['no rule', {}, window(2, 4), null, false, null],
    ['started: start passed', { afterStart: true }, window(-1, 4), null, false, null],
    ['started: exactly now', { afterStart: true }, window(0, 4), null, false, null],
    ['started: start ahead', { afterStart: true }, window(0.5, 4), null, false, 'afterStart'],
    ['started: no start date', { afterStart: true }, window(null, 4), null, false, 'afterStart'],
    ['not ended: end ahead', { beforeEnd: true }, window(-2, 1), null, false, null],
    ['not ended: end passed', { beforeEnd: true }, window(-5, -1), null, false, 'beforeEnd'],
    ['not ended: no end date', { beforeEnd: true }, window(-5, null), null, false, null],
    ['wait: long enough', { minutesAfterPrevious: 60 }, window(-5, 5), h(-1.5), false, null],
    ['wait: exactly', { minutesAfterPrevious: 60 }, window(-5, 5), h(-1), false, null],
    ['wait: too soon', { minutesAfterPrevious: 60 }, window(-5, 5), h(-0.5), false, 'minutesAfterPrevious'],
    ['wait: no previous signature', { minutesAfterPrevious: 60 }, window(-5, 5), null, false, null],
    ['closing before the start', {}, window(24, 48), null, true, 'closeAfterStart'],
    ['closing after the start', {}, window(-24, 48), null, true, null],
    ['closing without a start', {}, window(null, null), null, true, null],
    ['a middle step before the start', {}, window(24, 48), null, false, null],
    ['the first refused rule wins', { afterStart: true, beforeEnd: true }, window(1, -1), null, false, 'afterStart'],
  ])('%s', (_, rules, w, last, closing, refused) => {
    expect(checkTimeRules(rules, w, last, now, { closing })?.rule ?? null).toBe(refused);
  });

  it('names the rule and the time in Paris', () => {
    expect(checkTimeRules({ afterStart: true }, window(0.5, 4), null, now)?.message).toBe(
      'Signature impossible avant le début du processus : possible à partir du 24/11/26 à 14:30.',
    );
    expect(checkTimeRules({ minutesAfterPrevious: 60 }, window(-5, 5), h(-0.5), now)?.message).toBe(
      'Signature impossible avant 60 min après la signature précédente (24/11/26 à 13:30) : possible à partir du 24/11/26 à 14:30.',
    );
    expect(checkTimeRules({ beforeEnd: true }, window(-5, -1), null, now)?.message).toBe(
      'Signature impossible : la fin du processus est passée (le 24/11/26 à 13:00).',
    );
    expect(checkTimeRules({}, window(24, 48), null, now, { closing: true })).toEqual({
      rule: 'closeAfterStart',
      at: '2026-11-25T13:00:00.000Z',
      message: 'Ce processus ne peut pas être clôturé avant son début (le 25/11/26 à 14:00).',
    });
  });

  it('describes the rules for the signer', () => {
    expect(describeTimeRules({ afterStart: true, beforeEnd: true, minutesAfterPrevious: 30 }, window(0.5, 4), h(-0.25))).toEqual([
      'Signature possible à partir du 24/11/26 à 14:30 (début du processus).',
      'Signature possible jusqu’au 24/11/26 à 18:00 (fin du processus).',
      'Signature possible à partir du 24/11/26 à 14:15 (30 min après la signature précédente).',
    ]);
    expect(describeTimeRules({}, window(0, 1), null)).toEqual([]);
  });

  it.each([
    [{ timeRules: { afterStart: true } }, { afterStart: true }],
    [{ timeRules: { minutesAfterPrevious: -3 } }, {}],
    [{ timeRules: 'oui' }, {}],
    [null, {}],
  ])('reads %j as %j', (config, rules) => expect(timeRulesOf(config)).toEqual(rules));

  it('takes the latest signed step, not a skipped one', () => {
    expect(
      lastSignatureOf([
        { isValid: true, dateRealise: h(-3), etat: 3 },
        { isValid: true, dateRealise: h(-1), etat: 11 },
        { isValid: true, dateRealise: h(-2), etat: 3 },
        { isValid: false, dateRealise: null, etat: 2 },
      ]),
    ).toBe(h(-2));
  });
});

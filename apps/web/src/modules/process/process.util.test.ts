import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { localToIso, processCountLabel } from './process.util.ts';

describe('processCountLabel', () => {
  afterEach(async () => {
    await i18n.changeLanguage('fr');
  });

  it('says when the total is a lower bound', () => {
    expect(processCountLabel(i18n.t, 3, true)).toBe('3 processus');
    expect(processCountLabel(i18n.t, 10_000, false).replace(/\s/g, ' ')).toBe('plus de 10 000 processus');
  });

  it('is in English when the person reads English (it stayed « 3 processus » under English lists and boards)', async () => {
    await i18n.changeLanguage('en');
    expect(processCountLabel(i18n.t, 1, true)).toBe('1 process');
    expect(processCountLabel(i18n.t, 3, true)).toBe('3 processes');
    expect(processCountLabel(i18n.t, 10_000, false)).toBe('more than 10,000 processes');
  });
});

describe('localToIso', () => {
  it('reads the date-time input value as local time, as the datetime-local input did', () => {
    expect(localToIso('2026-11-24 08:30:00')).toBe(new Date(2026, 10, 24, 8, 30).toISOString());
    expect(localToIso('2026-11-24T08:30')).toBe(new Date(2026, 10, 24, 8, 30).toISOString());
    expect(localToIso('')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  addDays,
  type CellStatus,
  cellStatus,
  countStatuses,
  type HoldingDates,
  todayInParis,
  worstStatus,
} from './habilitation-status.ts';

const today = '2026-11-25';
const base: HoldingDates = {
  dateExpiration: '2028-06-30',
  medicalRequired: true,
  medicalValidUntil: '2030-01-01',
  signed: true,
  revoked: false,
};

describe('cellStatus (the colour of a matrix cell)', () => {
  it.each<[string, Partial<HoldingDates>, CellStatus]>([
    ['valid, far from any date', {}, { status: 'valide', until: '2028-06-30', reason: 'recyclage' }],
    ['recyclage due in 60 days warns', { dateExpiration: '2027-01-24' }, { status: 'bientot', until: '2027-01-24', reason: 'recyclage' }],
    ['recyclage due in 61 days is valid', { dateExpiration: '2027-01-25' }, { status: 'valide', until: '2027-01-25', reason: 'recyclage' }],
    ['recyclage due today is still valid (warns)', { dateExpiration: today }, { status: 'bientot', until: today, reason: 'recyclage' }],
    ['recyclage passed yesterday', { dateExpiration: '2026-11-24' }, { status: 'expire', until: '2026-11-24', reason: 'recyclage' }],
    ['no attestation', { medicalValidUntil: null }, { status: 'medical', until: null, reason: 'medical' }],
    ['attestation expired', { medicalValidUntil: '2026-10-01' }, { status: 'medical', until: '2026-10-01', reason: 'medical' }],
    [
      'attestation ends soon, before the recyclage',
      { medicalValidUntil: '2026-12-10' },
      { status: 'bientot', until: '2026-12-10', reason: 'medical' },
    ],
    [
      'B0/H0: no attestation needed',
      { medicalRequired: false, medicalValidUntil: null },
      { status: 'valide', until: '2028-06-30', reason: 'recyclage' },
    ],
    [
      'B0/H0: an expired attestation does not matter',
      { medicalRequired: false, medicalValidUntil: '2020-01-01' },
      { status: 'valide', until: '2028-06-30', reason: 'recyclage' },
    ],
    [
      'expired recyclage wins over a missing attestation',
      { dateExpiration: '2026-01-01', medicalValidUntil: null },
      { status: 'expire', until: '2026-01-01', reason: 'recyclage' },
    ],
    ['not yet signed', { signed: false }, { status: 'attente', until: '2028-06-30', reason: null }],
    ['revoked, whatever the dates', { revoked: true, dateExpiration: '2020-01-01' }, { status: 'revoque', until: null, reason: null }],
    ['no recyclage date, attestation far', { dateExpiration: null }, { status: 'valide', until: '2030-01-01', reason: 'medical' }],
    [
      'ISO instants are read by their day',
      { dateExpiration: '2026-11-24T23:00:00.000Z' },
      { status: 'expire', until: '2026-11-24', reason: 'recyclage' },
    ],
  ])('%s', (_name, patch, expected) => {
    expect(cellStatus({ ...base, ...patch }, today)).toEqual(expected);
  });
});

describe('legend helpers', () => {
  it('takes the worst status of a person', () => {
    expect(worstStatus(['valide', 'bientot'])).toBe('bientot');
    expect(worstStatus(['valide', 'medical', 'expire'])).toBe('expire');
    expect(worstStatus(['revoque'])).toBe('revoque');
    expect(worstStatus([])).toBeNull();
  });
  it('counts each status', () => {
    expect(countStatuses(['valide', 'valide', 'expire'])).toEqual({ valide: 2, bientot: 0, expire: 1, medical: 0, attente: 0, revoque: 0 });
  });
  it('adds calendar days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-25', 60)).toBe('2027-01-24');
  });
  it('reads today in Paris (23:30 UTC on the 31st is already the 1st)', () => {
    expect(todayInParis(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});

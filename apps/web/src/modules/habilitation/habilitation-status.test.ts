import { describe, expect, it } from 'vitest';
import { type CellStatus, cellStatus, countStatuses, type HoldingState, todayInParis, worstStatus } from './habilitation-status.ts';

const base: HoldingState = {
  etat: 'valide',
  etatTitre: 'signe',
  dateEcheance: '2028-06-30',
  medicalRequis: true,
  medical: { etat: 'valide', validUntil: '2030-01-01' },
};
const soonMed = { etat: 'expire_bientot' as const, validUntil: '2026-12-10' };

describe('cellStatus (the colour of a matrix cell)', () => {
  it.each<[string, Partial<HoldingState>, CellStatus]>([
    ['valid', {}, { status: 'valide', until: '2028-06-30', reason: 'recyclage' }],
    [
      'recyclage due within 60 days',
      { etat: 'expire_bientot', dateEcheance: '2027-01-10' },
      { status: 'bientot', until: '2027-01-10', reason: 'recyclage' },
    ],
    ['recyclage passed', { etat: 'expire', dateEcheance: '2026-11-24' }, { status: 'expire', until: '2026-11-24', reason: 'recyclage' }],
    ['no attestation', { medical: { etat: 'absente', validUntil: null } }, { status: 'medical', until: null, reason: 'medical' }],
    [
      'attestation expired',
      { medical: { etat: 'expire', validUntil: '2026-10-01' } },
      { status: 'medical', until: '2026-10-01', reason: 'medical' },
    ],
    ['attestation ends soon', { medical: soonMed }, { status: 'bientot', until: '2026-12-10', reason: 'medical' }],
    [
      'both soon: the earlier decides (attestation)',
      { etat: 'expire_bientot', dateEcheance: '2027-01-10', medical: soonMed },
      { status: 'bientot', until: '2026-12-10', reason: 'medical' },
    ],
    [
      'both soon: the earlier decides (recyclage)',
      { etat: 'expire_bientot', dateEcheance: '2026-12-01', medical: soonMed },
      { status: 'bientot', until: '2026-12-01', reason: 'recyclage' },
    ],
    [
      'B0/H0: no attestation needed',
      { medicalRequis: false, medical: { etat: 'absente', validUntil: null } },
      { status: 'valide', until: '2028-06-30', reason: 'recyclage' },
    ],
    ['medical follow-up not readable: not judged', { medical: null }, { status: 'valide', until: '2028-06-30', reason: 'recyclage' }],
    [
      'expired recyclage wins over a missing attestation',
      { etat: 'expire', dateEcheance: '2026-01-01', medical: { etat: 'absente', validUntil: null } },
      { status: 'expire', until: '2026-01-01', reason: 'recyclage' },
    ],
    ['draft title: awaiting signatures', { etatTitre: 'brouillon' }, { status: 'attente', until: '2028-06-30', reason: null }],
    ['revoked title, whatever the dates', { etatTitre: 'revoque', etat: 'expire' }, { status: 'revoque', until: null, reason: null }],
    ['replaced title', { etatTitre: 'remplace' }, { status: 'revoque', until: null, reason: null }],
    ['no recyclage date', { dateEcheance: null }, { status: 'valide', until: null, reason: null }],
  ])('%s', (_name, patch, expected) => {
    expect(cellStatus({ ...base, ...patch })).toEqual(expected);
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
  it('reads today in Paris (23:30 UTC on the 31st is already the 1st)', () => {
    expect(todayInParis(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});

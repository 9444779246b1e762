import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { metriqueFixture } from '../../test/fixtures.ts';
import { displayValue, headerBadges, localToIso, processCountLabel, shortProcessName } from './process.util.ts';

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

describe('headerBadges (the process header shows « Terminé » once)', () => {
  const text = (code: string) => (code === 'DECONS' ? 'DECONS — Déconsigné' : code);
  it.each([
    ['finished, no code', { etat: 'termine', status: null, latestStatus: 'Terminé' }, 'Terminé', []],
    ['finished, status = state', { etat: 'termine', status: 'TERMINÉ', latestStatus: 'Terminé' }, 'Terminé', []],
    ['finished, in English', { etat: 'termine', status: 'Terminé', latestStatus: 'Terminé' }, 'Finished', []],
    [
      'inactive with a register code',
      { etat: 'inactif', status: 'DECONS', latestStatus: 'Inactif' },
      'Inactif',
      [{ kind: 'status', text: 'DECONS — Déconsigné' }],
    ],
    ['running: the step', { etat: 'en_cours', status: null, latestStatus: 'Demande' }, 'En cours', [{ kind: 'step', text: 'Demande' }]],
    [
      'running with another status',
      { etat: 'en_cours', status: 'Attente pièces', latestStatus: 'Demande' },
      'En cours',
      [
        { kind: 'status', text: 'Attente pièces' },
        { kind: 'step', text: 'Demande' },
      ],
    ],
    [
      'running, status = step',
      { etat: 'en_cours', status: 'Demande', latestStatus: 'Demande' },
      'En cours',
      [{ kind: 'status', text: 'Demande' }],
    ],
  ] as const)('%s', (_, p, etatLabel, expected) => {
    expect(headerBadges(p, etatLabel, text)).toEqual(expected);
  });
});

describe('shortProcessName', () => {
  it('keeps a short name and cuts a long one on a word, with an ellipsis', () => {
    expect(shortProcessName(' Soudure cuve T2 ')).toBe('Soudure cuve T2');
    expect(shortProcessName('Consignation pompe de relevage P12 — bassin nord')).toBe('Consignation pompe de relevage…');
    expect(shortProcessName('Remplacement, d’une gouttière du bâtiment B')).toBe('Remplacement, d’une gouttière…');
    expect(shortProcessName('A'.repeat(40))).toBe(`${'A'.repeat(30)}…`);
  });
});

describe('displayValue of a reading field', () => {
  const summary = {
    gammeId: 5,
    releveIds: [1, 2],
    count: 2,
    outOfRange: 1,
    lignes: [
      { releveId: 1, metriqueId: 9, point: 'Pression', valeur: '11.2', unite: 'bar', niveau: 'alarm', comment: 'Soupape' },
      { releveId: 2, metriqueId: 10, point: 'Température', valeur: '82', unite: '°C', niveau: 'ok', comment: null },
    ],
  };
  it.each(['gamme_releves', 'etape_gamme_releves'])('%s reads as one line per reading', (kind) => {
    expect(displayValue(summary, metriqueFixture(3, 'Ronde', kind), 'fr')).toBe(
      'Pression : 11,2 bar (alarme) — Soupape\nTempérature : 82 °C',
    );
  });
  it('a value that is no summary reads as a dash', () => {
    expect(displayValue({ gammeId: 5, releveIds: [1] }, metriqueFixture(3, 'Ronde', 'gamme_releves'), 'fr')).toBe('—');
  });
});

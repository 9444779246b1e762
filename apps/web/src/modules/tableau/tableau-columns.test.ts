import { type Metrique, statusLabel } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { listRowFixture, metriqueFixture } from '../../test/fixtures.ts';
import type { TableauRow } from './tableau.queries.ts';
import { boardColumns, cellText, columnChoices, displayedColumns, metriqueIdOf, metriqueKey, moveItem } from './tableau-columns.ts';

const field = (id: number, nom: string, dataType: string, propertyValues: Metrique['propertyValues'] = {}): Metrique =>
  metriqueFixture(id, nom, dataType, { processModeleId: 7, propertyValues });

const FIELDS = new Map<number, Metrique>([
  [31, field(31, 'Cadenas', 'text')],
  [32, field(32, 'Durée', 'number', { unit: 'h' })],
  [33, field(33, 'Nature', 'select', { options: [{ id: 'soudure', libelle: 'Soudure' }] })],
]);

const row = (id: number, extra: Partial<TableauRow> = {}): TableauRow => ({
  ...listRowFixture(id, {
    preparateur: 'Camille Moreau',
    dateDebutInteger: 20261124,
    latestStatus: 'Séparation',
    currentEtapeOrdre: 2,
    lastModifyAt: '2026-11-24T10:00:00Z',
  }),
  status: null,
  typeConsignation: null,
  valeurs: {},
  ...extra,
});

describe('board columns', () => {
  it('lists the built-in columns then one per board field, named by the field', () => {
    expect(boardColumns([32, 99], FIELDS).map((c) => c.label)).toEqual([
      'N°',
      'Nom',
      'Workflow',
      'Statut',
      'Début',
      'Fin',
      'Préparateur',
      'Durée',
      'Champ 99',
    ]);
    expect(metriqueIdOf(metriqueKey(32))).toBe(32);
    expect(metriqueIdOf('numero')).toBeNull();
    expect(metriqueIdOf('metrique:abc')).toBeNull();
  });

  it('names the built-in columns in the language given (they stayed French on an English board)', async () => {
    await i18n.changeLanguage('en');
    try {
      const labels = boardColumns([32], FIELDS, (c) => i18n.t(`navigation.columns.${c}`)).map((c) => c.label);
      expect(labels).toEqual(['No.', 'Name', 'Workflow', 'Status', 'Start', 'End', 'Preparer', 'Durée']);
    } finally {
      await i18n.changeLanguage('fr');
    }
  });

  const all = boardColumns([31], FIELDS);
  it.each<[string, { key: string; visible: boolean }[] | null, string[]]>([
    [
      'no display: every column',
      null,
      ['numero', 'nomProcess', 'workflow', 'status', 'dateDebut', 'dateFin', 'preparateur', 'metrique:31'],
    ],
    [
      'an empty display: every column',
      [],
      ['numero', 'nomProcess', 'workflow', 'status', 'dateDebut', 'dateFin', 'preparateur', 'metrique:31'],
    ],
    [
      'its order, hidden ones left out',
      [
        { key: 'metrique:31', visible: true },
        { key: 'numero', visible: true },
        { key: 'nomProcess', visible: false },
      ],
      ['metrique:31', 'numero'],
    ],
    [
      'unknown keys and repeats ignored',
      [
        { key: 'metrique:77', visible: true },
        { key: 'nomProcess', visible: true },
        { key: 'nomProcess', visible: true },
      ],
      ['nomProcess'],
    ],
  ])('shows %s', (_l, colonnes, expected) => {
    expect(displayedColumns(all, colonnes === null ? null : { colonnes }).map((c) => c.key)).toEqual(expected);
  });

  it('starts the editor with the display order, then the other columns unchecked', () => {
    const choices = columnChoices(all, {
      colonnes: [
        { key: 'status', visible: true },
        { key: 'numero', visible: false },
      ],
    });
    expect(choices.map((c) => [c.key, c.visible])).toEqual([
      ['status', true],
      ['numero', false],
      ['nomProcess', false],
      ['workflow', false],
      ['dateDebut', false],
      ['dateFin', false],
      ['preparateur', false],
      ['metrique:31', false],
    ]);
    expect(columnChoices(all, null).every((c) => c.visible)).toBe(true);
  });

  it.each<[number, -1 | 1, string[]]>([
    [1, -1, ['b', 'a', 'c']],
    [1, 1, ['a', 'c', 'b']],
    [0, -1, ['a', 'b', 'c']],
    [2, 1, ['a', 'b', 'c']],
  ])('moves item %i by %i', (i, d, expected) => {
    expect(moveItem(['a', 'b', 'c'], i, d)).toEqual(expected);
  });
});

describe('cells', () => {
  const r = row(12, { valeurs: { '31': 'C-104, C-105', '32': 4, '33': 'soudure' }, dateFinInteger: null });
  it.each<[string, string]>([
    ['numero', '12'],
    ['nomProcess', 'Processus 12'],
    ['workflow', 'Consignation électrique'],
    ['status', 'Séparation'],
    ['dateDebut', '24/11/26'],
    ['dateFin', '—'],
    ['preparateur', 'Camille Moreau'],
    ['metrique:31', 'C-104, C-105'],
    ['metrique:32', '4 h'],
    ['metrique:33', 'Soudure'],
    ['metrique:40', '—'],
  ])('%s → %s', (key, expected) => {
    expect(cellText(r, key, FIELDS)).toBe(expected);
  });

  it('shows the state of a finished process and a number with decimals as the lists do', () => {
    expect(cellText(row(3, { latestStatus: null, etat: 'termine' }), 'status', FIELDS)).toBe('Terminé');
    expect(cellText(row(3, { numero: 1250 }), 'numero', FIELDS)).toBe('12,5');
  });
});

describe('statusLabel (lists and boards)', () => {
  it.each([
    [{ status: null, latestStatus: 'Séparation', etat: 'en_cours' }, 'Séparation'],
    [{ status: null, latestStatus: null, etat: 'termine' }, 'Terminé'],
    [{ status: 'ART', latestStatus: 'Inactif', etat: 'inactif' }, 'Inactif (ART)'],
    [{ status: 'CS', latestStatus: 'Attestation de consignation', etat: 'en_cours' }, 'Attestation de consignation (CS)'],
    [{ status: 'Inactif', latestStatus: 'Inactif', etat: 'inactif' }, 'Inactif'],
  ] as const)('%j → %s', (row, label) => {
    expect(statusLabel(row)).toBe(label);
  });
});

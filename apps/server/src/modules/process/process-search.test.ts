import { ProcessSearchRow } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { FORMATS, LIST_COLUMNS, LIST_WIDTH, POSITION, type RowKey, rowJson } from './list-columns.ts';
import { searchUsesIndex } from './search-key.ts';

describe('searchUsesIndex: does the typed text give the trigram index a piece to read?', () => {
  it.each([
    ['compresseur n° 12', true],
    ['tgbt', true],
    ['Chaudière', true],
    ['n° 12', true], // « 12 » after a separator
    ['12345', true],
    ['a', false],
    ['12', false], // two characters at the start: no trigram without the word's start
    ['n° 1', false],
    ['3 c', false],
    ['é', false],
    ['-', false],
    ['x_ab', true],
    ['cœ', true], // « coe » once the ligature is spelled out, as app_search_key does
  ])('%j → %s', (typed, expected) => {
    expect(searchUsesIndex(typed)).toBe(expected);
  });
});

describe('the list-column formats: the JSON of a text PostgreSQL sent, the value of what Drizzle read', () => {
  it.each([
    ['text', 'Pompe "P1"', '"Pompe \\"P1\\""', 'Pompe "P1"', 'Pompe "P1"'],
    ['text', null, 'null', null, null],
    ['int', '42', '42', 42, 42],
    ['int', null, 'null', null, null],
    ['decimal', '4.50', '4.50', 4.5, 4.5],
    ['decimal', 'NaN', 'null', Number.NaN, null],
    ['decimal', 'Infinity', 'null', Number.POSITIVE_INFINITY, null],
    ['decimal', null, 'null', null, null],
    ['bool', 'true', 'true', true, true],
    ['bool', 'false', 'false', false, false],
    ['day', '2026-03-03 00:30:00', '20260303', new Date('2026-03-02T23:30:00Z'), 20260303],
    ['day', null, 'null', null, null],
    [
      'instant',
      '2026-11-22 15:05:03.123456',
      '"2026-11-22T15:05:03.123Z"',
      new Date('2026-11-22T15:05:03.123Z'),
      '2026-11-22T15:05:03.123Z',
    ],
    ['instant', '2026-11-22 15:05:03', '"2026-11-22T15:05:03.000Z"', new Date('2026-11-22T15:05:03Z'), '2026-11-22T15:05:03.000Z'],
    ['instant', null, 'null', null, null],
  ] as const)('%s: %j → %s', (format, text, json, read, value) => {
    const f = FORMATS[format];
    expect(f.json(text)).toBe(json);
    expect(f.value(read, 'Europe/Paris')).toEqual(value);
  });
});

describe('rowJson: every declared column at its place in the statement', () => {
  it('writes each selected column from its own position, the others null, in a row the contract accepts', () => {
    // A distinct text per selected column, valid for its format.
    const sample: Partial<Record<RowKey, string>> = {
      etat: 'inactif',
      latestStatus: 'Étape 2',
      lockedProcess: 'true',
      dateDebutInteger: '2026-03-01 09:00:00',
      dateFinInteger: '2026-03-02 09:00:00',
      lastModifyAt: '2026-11-22 15:05:03.123',
      dateSouhaitee: '2026-04-01 10:00:00',
      quantity: '4.5',
    };
    const row: (string | null)[] = [];
    for (const key of Object.keys(LIST_COLUMNS) as RowKey[]) {
      if (POSITION[key] < 0) continue;
      row[POSITION[key]] =
        sample[key] ?? (/Id$|^id$|numero|niveaux|typeConsignation|Ordre$/.test(key) ? String(POSITION[key] + 1) : `t${POSITION[key]}`);
    }
    expect(row).toHaveLength(LIST_WIDTH);
    const json = JSON.parse(rowJson([...row, 'sv', '1']));
    expect(Object.keys(json)).toEqual(Object.keys(LIST_COLUMNS));
    const parsed = ProcessSearchRow.parse(json);
    for (const key of Object.keys(LIST_COLUMNS) as RowKey[]) {
      const at = POSITION[key];
      const expected = at < 0 ? null : JSON.parse(LIST_COLUMNS[key].json(row[at], (k) => row[POSITION[k]] ?? null));
      expect(parsed[key], key).toEqual(expected);
    }
    // The state's label, not the step's name, for an inactive process.
    expect(parsed.latestStatus).toBe('Inactif');
  });
});

import { describe, expect, it } from 'vitest';
import { champInputKind, champsOf, isEmptyChamp } from './equipement-champs.ts';

describe('champInputKind', () => {
  it.each([
    ['text', [], 'text'],
    ['date', [], 'date'],
    ['select', ['A', 'B'], 'select'],
    ['select', [], 'text'],
    ['personal', ['Jean Dupont'], 'select'],
    ['company', [], 'text'],
    ['unknown type', ['A'], 'text'],
    [null, ['A'], 'text'],
  ])('%s with %j → %s', (type, options, kind) => {
    expect(champInputKind(type as string | null, options as string[])).toBe(kind);
  });
});

describe('isEmptyChamp', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    ['  ', true],
    ['[]', true],
    [[], true],
    ['0', false],
    ['abc', false],
  ])('%j → %s', (v, empty) => expect(isEmptyChamp(v)).toBe(empty));
});

describe('champsOf', () => {
  it('names the unconfigured fields and keeps the order text1..text4', () => {
    const out = champsOf([{ code: 'text2', libelle: 'Fabricant', dataType: 'select', options: ['ABB', 'Schneider'] }]);
    expect(out.map((c) => [c.code, c.libelle, c.kind])).toEqual([
      ['text1', 'Champ 1', 'text'],
      ['text2', 'Fabricant', 'select'],
      ['text3', 'Champ 3', 'text'],
      ['text4', 'Champ 4', 'text'],
    ]);
  });
});

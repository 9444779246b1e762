import { describe, expect, it } from 'vitest';
import { criticite, RISQUE_FAMILLES_INRS, risqueSources } from './risque.rules.ts';

const n = (id: number, hide = false) => ({ id, hideRisquesParent: hide });

describe('risqueSources: whose risks apply to a node', () => {
  it.each([
    ['a root alone', [n(1)], [1]],
    ['a leaf inherits every ancestor', [n(1), n(2), n(3)], [3, 2, 1]],
    ['a node hiding its parent’s keeps only its own', [n(1), n(2), n(3, true)], [3]],
    ['a middle node hiding stops the inheritance there', [n(1), n(2, true), n(3)], [3, 2]],
    ['the root hiding changes nothing above it', [n(1, true), n(2)], [2, 1]],
    ['an empty path', [], []],
  ])('%s', (_, path, want) => expect(risqueSources(path)).toEqual(want));
});

describe('criticite = G × F and its zone', () => {
  it.each([
    [1, 1, 4, 4, { valeur: 1, niveau: 'faible' }],
    [2, 2, 4, 4, { valeur: 4, niveau: 'faible' }],
    [2, 4, 4, 4, { valeur: 8, niveau: 'moyen' }],
    [3, 3, 4, 4, { valeur: 9, niveau: 'eleve' }],
    [4, 4, 4, 4, { valeur: 16, niveau: 'eleve' }],
    [5, 2, 10, 4, { valeur: 10, niveau: 'faible' }],
  ] as const)('G %i × F %i on %i×%i', (g, f, mg, mf, want) => expect(criticite(g, f, mg, mf)).toEqual(want));
  it('is null while G or F is missing', () => {
    expect(criticite(null, 2)).toBeNull();
    expect(criticite(3, null)).toBeNull();
  });
});

describe('INRS families', () => {
  it('have unique codes and the families the brief names', () => {
    const codes = RISQUE_FAMILLES_INRS.map((f) => f.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of [
      'electrique',
      'chute-hauteur',
      'chute-plain-pied',
      'machines',
      'chimique',
      'incendie-explosion',
      'bruit',
      'espace-confine',
    ])
      expect(codes).toContain(c);
  });
});

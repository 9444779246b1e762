import { describe, expect, it } from 'vitest';
import {
  ACTIVITE_LABELS,
  ACTIVITES,
  type CoactiviteProcess,
  DEFAULT_INCOMPATIBILITES,
  findConflicts,
  type Incompatibilite,
  messageConflit,
  overlaps,
  pairKey,
  pairOf,
  sameSubtree,
} from './coactivite-rules.ts';

// A small site: equipment 1 (site) > 2 (chaufferie) > 3 (chaudière), 1 > 4 (atelier); zones 10 (bâtiment A) > 11
// (local cuve), 20 (bâtiment B).
const base = (over: Partial<CoactiviteProcess>): CoactiviteProcess => ({
  id: 1,
  numero: 1,
  nom: 'Candidat',
  debut: '2026-11-25T07:00:00Z',
  fin: '2026-11-25T11:00:00Z',
  equipementPath: null,
  zonePaths: [],
  activites: [],
  ...over,
});
const other = (over: Partial<CoactiviteProcess>) => base({ id: 2, numero: 2, nom: 'Autre', ...over });

describe('overlaps (windows, null = unbounded)', () => {
  const at = (h: number | null) => (h === null ? null : `2026-11-25T${String(h).padStart(2, '0')}:00:00Z`);
  it.each([
    [8, 10, 9, 12, true],
    [8, 10, 10, 12, false], // touching: one ends when the other starts
    [8, 10, 11, 12, false],
    [9, 12, 8, 10, true],
    [8, 18, 9, 10, true], // inside
    [null, 10, 9, 12, true],
    [8, null, 20, 22, true],
    [null, null, 20, 22, true],
    [12, null, 8, 12, false],
  ])('[%s, %s) × [%s, %s) → %s', (a, b, c, d, out) => {
    expect(overlaps({ debut: at(a), fin: at(b) }, { debut: at(c), fin: at(d) })).toBe(out);
  });
});

describe('sameSubtree (either way)', () => {
  it.each([
    [[1, 2, 3], [1, 2, 3], true],
    [[1, 2, 3], [1, 2], true], // the other is an ancestor
    [[1, 2], [1, 2, 3], true], // the other is below
    [[1, 2, 3], [1, 4], false], // siblings' subtrees
    [[1, 4], [1], true],
    [null, [1], false],
    [[], [1], false],
  ] as const)('%j × %j → %s', (a, b, out) => {
    expect(sameSubtree(a as readonly number[] | null, b as readonly number[] | null)).toBe(out);
  });
});

describe('pairs are unordered', () => {
  it('stores a pair by sorted codes', () => {
    expect(pairOf('feu', 'espace_confine')).toEqual(['espace_confine', 'feu']);
    expect(pairKey('feu', 'espace_confine')).toBe(pairKey('espace_confine', 'feu'));
  });
  it('has a French label for every activity and a default matrix in stored order', () => {
    for (const a of ACTIVITES) expect(ACTIVITE_LABELS[a]).toMatch(/\S/);
    for (const r of DEFAULT_INCOMPATIBILITES) expect(r.a <= r.b).toBe(true);
    expect(new Set(DEFAULT_INCOMPATIBILITES.map((r) => pairKey(r.a, r.b))).size).toBe(DEFAULT_INCOMPATIBILITES.length);
  });
});

describe('findConflicts (overlap × subtree × zone × matrix)', () => {
  const M = DEFAULT_INCOMPATIBILITES;
  type Case = [string, Partial<CoactiviteProcess>, Partial<CoactiviteProcess>, string | null, ('equipement' | 'zone')?];
  const cases: Case[] = [
    [
      'feu × espace confiné, same equipment → refus',
      { activites: ['feu'], equipementPath: [1, 2, 3] },
      { activites: ['espace_confine'], equipementPath: [1, 2, 3] },
      'refus',
      'equipement',
    ],
    [
      'feu on the chaufferie × confined space on its boiler (subtree) → refus',
      { activites: ['feu'], equipementPath: [1, 2] },
      { activites: ['espace_confine'], equipementPath: [1, 2, 3] },
      'refus',
      'equipement',
    ],
    [
      'feu on the boiler × confined space on the whole chaufferie (ancestor) → refus',
      { activites: ['feu'], equipementPath: [1, 2, 3] },
      { activites: ['espace_confine'], equipementPath: [1, 2] },
      'refus',
      'equipement',
    ],
    [
      'feu × espace confiné on sibling equipment, no zone → none',
      { activites: ['feu'], equipementPath: [1, 2, 3] },
      { activites: ['espace_confine'], equipementPath: [1, 4] },
      null,
    ],
    [
      'feu × espace confiné, same zone → refus',
      { activites: ['feu'], zonePaths: [[10, 11]] },
      { activites: ['espace_confine'], zonePaths: [[10, 11]] },
      'refus',
      'zone',
    ],
    [
      'feu in the building × confined space in its room (zone subtree) → refus',
      { activites: ['feu'], zonePaths: [[10]] },
      { activites: ['espace_confine'], zonePaths: [[10, 11]] },
      'refus',
      'zone',
    ],
    [
      'feu × espace confiné in other buildings → none',
      { activites: ['feu'], zonePaths: [[10]] },
      { activites: ['espace_confine'], zonePaths: [[20]] },
      null,
    ],
    [
      'feu × espace confiné, windows apart → none',
      { activites: ['feu'], equipementPath: [1, 2], fin: '2026-11-25T09:00:00Z' },
      { activites: ['espace_confine'], equipementPath: [1, 2], debut: '2026-11-25T09:00:00Z' },
      null,
    ],
    [
      'hauteur × travail → cosignature',
      { activites: ['travail', 'hauteur'], zonePaths: [[10]] },
      { activites: ['travail'], zonePaths: [[10]] },
      'cosignature',
      'zone',
    ],
    [
      'levage × travail (other way round) → cosignature',
      { activites: ['travail'], equipementPath: [1] },
      { activites: ['levage'], equipementPath: [1, 4] },
      'cosignature',
      'equipement',
    ],
    [
      'radiographie × anything → refus',
      { activites: ['radiographie'], zonePaths: [[20]] },
      { activites: ['visite'], zonePaths: [[20]] },
      'refus',
      'zone',
    ],
    [
      'radiographie × hauteur: refus beats co-signature',
      { activites: ['radiographie', 'travail'], zonePaths: [[20]] },
      { activites: ['hauteur'], zonePaths: [[20]] },
      'refus',
      'zone',
    ],
    [
      'consignation × essai, same equipment → sequencement',
      { activites: ['essai'], equipementPath: [1, 2, 3] },
      { activites: ['consignation'], equipementPath: [1, 2, 3] },
      'sequencement',
      'equipement',
    ],
    [
      'consignation × réquisition, same equipment → sequencement',
      { activites: ['consignation'], equipementPath: [1, 2] },
      { activites: ['requisition'], equipementPath: [1, 2, 3] },
      'sequencement',
      'equipement',
    ],
    [
      'consignation × essai only in the same zone: the rule needs the equipment → none',
      { activites: ['essai'], equipementPath: [1, 2], zonePaths: [[10]] },
      { activites: ['consignation'], equipementPath: [1, 4], zonePaths: [[10]] },
      null,
    ],
    [
      'consignation × consignation → none',
      { activites: ['consignation'], equipementPath: [1] },
      { activites: ['consignation'], equipementPath: [1] },
      null,
    ],
    [
      'unknown activity codes are ignored',
      { activites: ['soudure'], equipementPath: [1] },
      { activites: ['espace_confine'], equipementPath: [1] },
      null,
    ],
    ['no activity → none', { equipementPath: [1] }, { activites: ['radiographie'], equipementPath: [1] }, null],
    ['itself → none', { activites: ['feu'], equipementPath: [1] }, { id: 1, activites: ['espace_confine'], equipementPath: [1] }, null],
  ];
  it.each(cases)('%s', (_n, c, o, decision, lieu) => {
    const found = findConflicts(base(c), [other(o)], M);
    if (decision === null) expect(found).toEqual([]);
    else {
      expect(found).toHaveLength(1);
      expect(found[0].decision).toBe(decision);
      expect(found[0].lieu).toBe(lieu);
      expect(found[0].autreId).toBe(o.id ?? 2);
    }
  });

  it('says why in French, naming the other process, the place, the overlap and each pair', () => {
    const [c] = findConflicts(
      base({ activites: ['feu'], zonePaths: [[10, 11]], zoneLibelles: { 11: 'Local cuve' } }),
      [
        other({
          numero: 42,
          nom: 'Inspection de la cuve',
          activites: ['espace_confine'],
          zonePaths: [[10, 11]],
          debut: '2026-11-25T08:00:00Z',
          fin: '2026-11-25T15:00:00Z',
        }),
      ],
      M,
    );
    expect(c.debut).toBe('2026-11-25T08:00:00Z');
    expect(c.fin).toBe('2026-11-25T11:00:00Z');
    expect(c.pourquoi).toBe(
      'Coactivité avec le N° 42 « Inspection de la cuve » dans la même zone (Local cuve), du 25/11/26 09:00 au 25/11/26 12:00 — travaux par points chauds (feu) × pénétration en espace confiné : Inflammation ou atmosphère dangereuse dans l’espace confiné.',
    );
    expect(messageConflit([c], 'refus')).toMatch(/^Coactivité interdite\. Coactivité avec le N° 42/);
  });

  it('reads an unbounded window as open', () => {
    const [c] = findConflicts(
      base({ activites: ['feu'], equipementPath: [1], fin: null }),
      [other({ activites: ['espace_confine'], equipementPath: [1], debut: null, fin: null })],
      M,
    );
    expect(c.fin).toBeNull();
    expect(c.pourquoi).toContain('au fin non fixée');
  });

  it('follows the company matrix, not the defaults', () => {
    const own: Incompatibilite[] = [{ a: 'feu', b: 'travail', decision: 'cosignature', portee: 'equipement', motif: 'Étincelles' }];
    const c = base({ activites: ['feu'], equipementPath: [1] });
    expect(findConflicts(c, [other({ activites: ['espace_confine'], equipementPath: [1] })], own)).toEqual([]);
    expect(findConflicts(c, [other({ activites: ['travail'], equipementPath: [1] })], own)[0].decision).toBe('cosignature');
  });

  it('lists each conflicting other, by number', () => {
    const found = findConflicts(
      base({ activites: ['feu'], equipementPath: [1, 2] }),
      [
        other({ id: 5, numero: 9, activites: ['espace_confine'], equipementPath: [1, 2, 3] }),
        other({ id: 6, numero: 3, activites: ['radiographie'], equipementPath: [1] }),
        other({ id: 7, numero: 4, activites: ['espace_confine'], equipementPath: [1, 4] }),
      ],
      M,
    );
    expect(found.map((c) => c.autreNumero)).toEqual([3, 9]);
  });
});

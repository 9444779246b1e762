import { describe, expect, it } from 'vitest';
import {
  arrangeCycle,
  childPath,
  type EquipementRightEntry,
  effectiveRights,
  equipementChoice,
  movedPath,
  NO_RIGHTS,
  searchLoadsFullTree,
  TREE_COMPACT_THRESHOLD,
  treeForm,
} from './tree.ts';

describe('treeForm', () => {
  it.each([
    [0, 'auto', 'full'],
    [TREE_COMPACT_THRESHOLD, 'auto', 'full'],
    [TREE_COMPACT_THRESHOLD + 1, 'auto', 'compact'],
    [100_000, 'auto', 'compact'],
    [100_000, 'full', 'full'],
    [10, 'compact', 'compact'],
  ] as const)('%i rows, %s asked → %s', (total, asked, form) => {
    expect(treeForm(total, asked)).toBe(form);
  });
});

describe('searchLoadsFullTree (S 221)', () => {
  it.each([
    [0, 0, false],
    [0, 10, false],
    [4, 10, false],
    [5, 10, true],
    [6, 11, true],
    [5, 11, false],
    [10, 10, true],
  ])('%i matches of %i → %s', (matched, total, full) => {
    expect(searchLoadsFullTree(matched, total)).toBe(full);
  });
});

describe('arrangeCycle', () => {
  it.each([
    { parentPath: [], ids: [1, 2], cycle: null },
    { parentPath: [1, 2], ids: [3], cycle: null },
    { parentPath: [1, 2], ids: [2], cycle: 2 },
    { parentPath: [1, 2, 5], ids: [4, 1], cycle: 1 },
    { parentPath: [7], ids: [8, 9], cycle: null },
  ])('under $parentPath, moving $ids → $cycle', ({ parentPath, ids, cycle }) => {
    expect(arrangeCycle(parentPath, ids)).toBe(cycle);
  });
});

describe('paths', () => {
  it('childPath appends the id', () => {
    expect(childPath(null, 4)).toEqual([4]);
    expect(childPath([1, 2], 4)).toEqual([1, 2, 4]);
  });
  it.each([
    { path: [1, 2, 3], from: [1, 2], to: [9], out: [9, 3] },
    { path: [1, 2], from: [1, 2], to: [2], out: [2] },
    { path: [1, 2, 3, 4], from: [1, 2], to: [5, 6, 2], out: [5, 6, 2, 3, 4] },
  ])('movedPath $path from $from to $to', ({ path, from, to, out }) => {
    expect(movedPath(path, from, to)).toEqual(out);
  });
  it('movedPath refuses a path outside the subtree', () => {
    expect(() => movedPath([1, 3], [1, 2], [5])).toThrow();
  });
});

describe('effectiveRights', () => {
  const R = { create: false, read: true, update: false, delete: false };
  const RW = { create: true, read: true, update: true, delete: true };
  const cases: { name: string; path: number[]; entries: EquipementRightEntry[]; out: typeof R }[] = [
    { name: 'no entry', path: [1, 2], entries: [], out: NO_RIGHTS },
    { name: 'global entry', path: [1, 2], entries: [{ equipementId: null, rights: R }], out: R },
    { name: 'entry on the root applies to the subtree', path: [1, 2, 3], entries: [{ equipementId: 1, rights: RW }], out: RW },
    { name: 'entry elsewhere gives nothing', path: [1, 2, 3], entries: [{ equipementId: 7, rights: RW }], out: NO_RIGHTS },
    {
      name: 'a lower node overrides (less)',
      path: [1, 2, 3],
      entries: [
        { equipementId: 1, rights: RW },
        { equipementId: 2, rights: R },
      ],
      out: R,
    },
    {
      name: 'a lower node overrides (nothing)',
      path: [1, 2, 3],
      entries: [
        { equipementId: 1, rights: RW },
        { equipementId: 3, rights: {} },
      ],
      out: NO_RIGHTS,
    },
    {
      name: 'a lower node overrides the global entry',
      path: [1, 2],
      entries: [
        { equipementId: null, rights: R },
        { equipementId: 2, rights: RW },
      ],
      out: RW,
    },
    {
      name: 'entries on the same node add up',
      path: [1],
      entries: [
        { equipementId: 1, rights: { read: true } },
        { equipementId: 1, rights: { update: true } },
      ],
      out: { create: false, read: true, update: true, delete: false },
    },
  ];
  it.each(cases)('$name', ({ path, entries, out }) => {
    expect(effectiveRights(path, entries)).toEqual(out);
  });
});

describe('equipementChoice', () => {
  it.each([
    ['a root node shows its name alone', { id: 1, libelle: 'Site', chemin: 'Site' }, 'Site'],
    [
      'a node shows its parents',
      { id: 7, libelle: 'Pompe P12', chemin: 'Utilités › Chaufferie › Pompe P12' },
      'Pompe P12 — Utilités › Chaufferie',
    ],
    ['an empty path is a root', { id: 2, libelle: 'TGBT', chemin: '' }, 'TGBT'],
  ])('%s', (_case, o, label) => {
    expect(equipementChoice(o)).toEqual({ id: o.id, name: o.libelle, label });
  });
});

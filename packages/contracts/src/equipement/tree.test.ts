import { describe, expect, it } from 'vitest';
import {
  arrangeCycle,
  childPath,
  type EquipementRightEntry,
  effectiveRights,
  equipementChoice,
  movedPath,
  NO_RIGHTS,
  type ReadRegions,
  readRegions,
  refusingNodes,
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

describe("readRegions (the lockout register's SQL form of effectiveRights)", () => {
  // A small tree: 1 > 2 > 3 > 4, 1 > 2 > 5, 1 > 6 > 7, and a second root 8 > 9.
  const PATHS: Record<number, number[]> = {
    1: [1],
    2: [1, 2],
    3: [1, 2, 3],
    4: [1, 2, 3, 4],
    5: [1, 2, 5],
    6: [1, 6],
    7: [1, 6, 7],
    8: [8],
    9: [8, 9],
  };
  const pathOf = (id: number) => PATHS[id];
  // What SQL does with the regions: `path && anywhere`, `path @> [top] and not path && except`, `not path && elsewhere`.
  const reads = (r: ReadRegions, path: number[]) =>
    r.anywhere.some((g) => path.includes(g)) ||
    r.regions.some((x) => path.includes(x.top) && !x.except.some((d) => path.includes(d))) ||
    (r.elsewhere !== null && !r.elsewhere.some((d) => path.includes(d)));
  const R = { read: true };
  const NONE = { read: false, update: true };
  const cases: { name: string; entries: EquipementRightEntry[]; read: number[] }[] = [
    { name: 'no entry: nothing', entries: [], read: [] },
    { name: 'every equipment', entries: [{ equipementId: null, rights: R }], read: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
    { name: 'a subtree', entries: [{ equipementId: 2, rights: R }], read: [2, 3, 4, 5] },
    {
      name: 'a subtree less a lower node',
      entries: [
        { equipementId: 2, rights: R },
        { equipementId: 3, rights: NONE },
      ],
      read: [2, 5],
    },
    {
      name: 'granted, refused, granted again deeper',
      entries: [
        { equipementId: 1, rights: R },
        { equipementId: 2, rights: NONE },
        { equipementId: 3, rights: R },
      ],
      read: [1, 3, 4, 6, 7],
    },
    {
      name: 'every equipment less a subtree, a node inside given back',
      entries: [
        { equipementId: null, rights: R },
        { equipementId: 6, rights: NONE },
        { equipementId: 7, rights: R },
      ],
      read: [1, 2, 3, 4, 5, 7, 8, 9],
    },
    {
      name: 'entries on the same node add up (a read wins)',
      entries: [
        { equipementId: 8, rights: NONE },
        { equipementId: 8, rights: R },
      ],
      read: [8, 9],
    },
    {
      name: 'a refusing node of no longer existing equipment changes nothing',
      entries: [
        { equipementId: 2, rights: R },
        { equipementId: 99, rights: NONE },
      ],
      read: [2, 3, 4, 5],
    },
    { name: 'refusals alone give nothing', entries: [{ equipementId: 3, rights: NONE }], read: [] },
  ];
  it.each(cases)('$name', ({ entries, read }) => {
    const r = readRegions(entries, pathOf);
    const ids = Object.keys(PATHS).map(Number);
    expect(ids.filter((id) => reads(r, PATHS[id] as number[]))).toEqual(read);
    // The same nodes as effectiveRights, node by node.
    expect(ids.filter((id) => effectiveRights(PATHS[id] as number[], entries).read)).toEqual(read);
  });
  it('agrees with effectiveRights on every combination of entries on four nodes and the global one', () => {
    const nodes: (number | null)[] = [null, 1, 2, 3, 6];
    const choices = [undefined, R, NONE] as const;
    for (let k = 0; k < 3 ** nodes.length; k++) {
      const entries: EquipementRightEntry[] = [];
      let n = k;
      for (const node of nodes) {
        const c = choices[n % 3];
        n = Math.floor(n / 3);
        if (c) entries.push({ equipementId: node, rights: c });
      }
      const r = readRegions(entries, pathOf);
      for (const path of Object.values(PATHS))
        expect(reads(r, path), JSON.stringify({ entries, path })).toBe(effectiveRights(path, entries).read);
    }
  });
  it('names the refusing nodes', () => {
    expect(
      refusingNodes([
        { equipementId: 3, rights: NONE },
        { equipementId: 2, rights: R },
        { equipementId: null, rights: NONE },
      ]),
    ).toEqual([3]);
  });
});

import type { EquipementTree } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyArrange,
  buildTree,
  buildTreeAsync,
  childrenOf,
  encodeSteps,
  expandedForMatches,
  hasChildren,
  hasNode,
  highlightParts,
  isMatch,
  itemOf,
  matchCount,
  modelOf,
  moveBy,
  moveByDrop,
  moveTo,
  nameOf,
  packStrings,
  parentOf,
  positionOf,
  stringAt,
  type TreeRow,
  updateRows,
  visibleRows,
} from './equipement-tree.ts';

const node = (id: number, parentId: number | null, name: string) => ({
  id,
  parentId,
  idx: 0,
  name,
  number: null,
  type: 'equipment' as const,
  status: 'initial' as const,
  icon: null,
  color: null,
  childCount: 0,
});

// 1 Site ─ 2 TGBT ─ 4 Départ moteurs
//        └ 3 Poste HTA
// 5 Atelier
const full: EquipementTree = {
  form: 'full',
  total: 5,
  matchIds: null,
  nodes: [node(1, null, 'Site'), node(5, null, 'Atelier'), node(2, 1, 'TGBT'), node(3, 1, 'Poste HTA'), node(4, 2, 'Départ moteurs')],
};
const model = buildTree(full);
const names = (rows: { id: number }[]) => rows.map((r) => nameOf(model, r.id));

describe('buildTree and visibleRows', () => {
  it('shows the roots, then the children of open nodes, depth first, with their level and place', () => {
    expect(names(visibleRows(model, new Set()))).toEqual(['Site', 'Atelier']);
    const rows = visibleRows(model, new Set([1, 2]));
    expect(names(rows)).toEqual(['Site', 'TGBT', 'Départ moteurs', 'Poste HTA', 'Atelier']);
    expect(rows.map((r) => [r.level, r.posinset, r.setsize, r.hasChildren])).toEqual([
      [1, 1, 2, true],
      [2, 1, 2, true],
      [3, 1, 1, false],
      [2, 2, 2, false],
      [1, 2, 2, false],
    ]);
  });

  it('reads the compact form (three columns) the same way', () => {
    const compact = buildTree({ form: 'compact', total: 3, ids: [1, 2, 3], parentIds: [null, 1, 1], names: ['Site', 'TGBT', 'Poste'] });
    expect(visibleRows(compact, new Set([1])).map((r) => nameOf(compact, r.id))).toEqual(['Site', 'TGBT', 'Poste']);
  });

  it('makes a node whose parent is not sent (rights) a root', () => {
    const partial = buildTree({ ...full, nodes: [node(2, 1, 'TGBT'), node(4, 2, 'Départ moteurs')] });
    expect(visibleRows(partial, new Set()).map((r) => r.id)).toEqual([2]);
  });

  it('opens the ancestors of every match of a search', () => {
    const found = buildTree({ ...full, matchIds: [4] });
    expect([...expandedForMatches(found)].sort()).toEqual([1, 2]);
    expect([isMatch(found, 4), isMatch(found, 2), isMatch(model, 4)]).toEqual([true, false, false]);
    expect([matchCount(found), matchCount(model)]).toEqual([1, 0]);
  });

  it('keeps the full form’s number, icon and colour of each node (null ones null)', () => {
    const m = buildTree({
      ...full,
      nodes: [
        { ...node(1, null, 'Site'), number: 'S-01', icon: 'factory', color: '#c00' },
        { ...node(2, 1, 'TGBT'), number: '' },
      ],
    });
    expect(itemOf(m, 1)).toEqual({ id: 1, parentId: null, name: 'Site', number: 'S-01', icon: 'factory', color: '#c00' });
    expect(itemOf(m, 2)).toEqual({ id: 2, parentId: 1, name: 'TGBT', number: '', icon: null, color: null });
    expect(itemOf(m, 3)).toBeUndefined();
  });
});

describe('columns (what the worker transfers)', () => {
  it.each<[string, (string | null)[]]>([
    ['plain, empty and accented strings', ['Site', '', 'Départ moteurs', 'ÉCLAIRAGE']],
    ['nulls among them', [null, 'TGBT', null, '']],
    ['characters outside the basic plane and separators', ['Pompe 🔧 n°2', '\u001e', 'Œuvre « A »']],
    ['nothing', []],
  ])('packs and reads back %s', (_label, values) => {
    const packed = packStrings(values);
    expect(values.map((_, i) => stringAt(packed, i))).toEqual(values);
    if (!values.includes(null)) expect(packed.nulls).toBeNull();
  });

  it('finds each of 100,000 ids by its position, and none that is absent', () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => 7 + i * 13);
    const m = buildTree({ form: 'compact', total: ids.length, ids, parentIds: ids.map(() => null), names: ids.map((id) => `N${id}`) });
    for (let i = 0; i < ids.length; i += 97) expect(positionOf(m, ids[i] as number)).toBe(i);
    expect(positionOf(m, ids.at(-1) as number)).toBe(ids.length - 1);
    for (const absent of [0, 8, -7, 7 + 100_000 * 13, 2 ** 40]) expect(hasNode(m, absent)).toBe(false);
    expect(nameOf(m, 20)).toBe('N20');
  });

  it('reads ids beyond 32 bits and keeps the last row of an id given twice (as a Map would)', () => {
    const m = buildTree({
      form: 'compact',
      total: 3,
      ids: [2 ** 40, 5, 5],
      parentIds: [null, 2 ** 40, null],
      names: ['Big', 'First', 'Second'],
    });
    expect(nameOf(m, 5)).toBe('Second');
    expect(parentOf(m, 5)).toBeNull();
    expect(childrenOf(m, 2 ** 40)).toEqual([5]);
  });

  it('gives an empty tree for an empty answer', () => {
    const m = buildTree({ form: 'compact', total: 0, ids: [], parentIds: [], names: [] });
    expect(visibleRows(m, new Set())).toEqual([]);
    expect(hasNode(m, 1)).toBe(false);
  });
});

describe('moves (the body of arrange)', () => {
  it.each([
    ['down among siblings', () => moveBy(model, 2, 1), { parentId: 1, ids: [3, 2] }],
    ['up at the top: nothing', () => moveBy(model, 2, -1), null],
    ['under another node, last', () => moveTo(model, 5, 2, Number.MAX_SAFE_INTEGER), { parentId: 2, ids: [4, 5] }],
    ['under itself: refused', () => moveTo(model, 1, 1, 0), null],
    ['under its own descendant: refused', () => moveTo(model, 1, 4, 0), null],
    ['dropped before a node', () => moveByDrop(model, 5, 3, 'before'), { parentId: 1, ids: [2, 5, 3] }],
    ['dropped after a node', () => moveByDrop(model, 4, 3, 'after'), { parentId: 1, ids: [2, 3, 4] }],
    ['dropped inside a node', () => moveByDrop(model, 3, 4, 'inside'), { parentId: 4, ids: [3] }],
    ['dropped onto its descendant: refused', () => moveByDrop(model, 1, 4, 'inside'), null],
    ['moved to the root', () => moveTo(model, 4, null, 1), { parentId: null, ids: [1, 4, 5] }],
  ])('%s', (_label, run, expected) => {
    expect(run()).toEqual(expected);
  });

  it('applies an arrange to the tree shown before the server answers', () => {
    const next = applyArrange(model, { parentId: 2, ids: [5, 4] });
    expect(parentOf(next, 5)).toBe(2);
    expect(visibleRows(next, new Set([1, 2])).map((r) => nameOf(next, r.id))).toEqual([
      'Site',
      'TGBT',
      'Atelier',
      'Départ moteurs',
      'Poste HTA',
    ]);
    // The original model is left as it was (the server's answer may bring it back).
    expect(parentOf(model, 5)).toBeNull();
  });
});

describe('highlightParts', () => {
  it.each([
    [
      'Départ moteurs',
      'depart',
      [
        ['Départ', true],
        [' moteurs', false],
      ],
    ],
    [
      'Pompe P-12',
      'P-1',
      [
        ['Pompe ', false],
        ['P-1', true],
        ['2', false],
      ],
    ],
    [
      'ÉCLAIRAGE',
      'eclair',
      [
        ['ÉCLAIR', true],
        ['AGE', false],
      ],
    ],
    ['Compresseur', '', [['Compresseur', false]]],
    ['Armoire', 'xyz', [['Armoire', false]]],
  ])('%s / %s', (text, search, parts) => {
    expect(highlightParts(text, search)).toEqual(parts);
  });
});

/** A deterministic tree: `roots` roots, each node with `fan` children down to `depth` levels (ids from 1). */
function grown(roots: number, fan: number, depth: number): EquipementTree {
  const ids: number[] = [];
  const parentIds: (number | null)[] = [];
  const names: string[] = [];
  let next = 1;
  const add = (parent: number | null, level: number) => {
    const id = next++;
    ids.push(id);
    parentIds.push(parent);
    names.push(`N${id}`);
    return { id, level };
  };
  let layer = Array.from({ length: roots }, () => add(null, 1));
  for (let l = 2; l <= depth; l++) layer = layer.flatMap((n) => Array.from({ length: fan }, () => add(n.id, l)));
  return { form: 'compact', total: ids.length, ids, parentIds, names };
}

/** A small pseudo-random generator (same sequence every run). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('encodeSteps / buildTreeAsync: the same model in slices', () => {
  it('yields along the way on a large tree and ends with the model buildTree gives', async () => {
    const big = grown(20, 20, 3);
    const steps = encodeSteps(big);
    let yields = 0;
    let step = steps.next();
    while (!step.done) {
      yields++;
      expect(step.value).toBeGreaterThanOrEqual(0);
      expect(step.value).toBeLessThanOrEqual(1);
      step = steps.next();
    }
    expect(yields).toBeGreaterThan(0);
    const open = new Set([1, 21, 22, 5]);
    const one = buildTree(big);
    expect(visibleRows(modelOf(step.value), open)).toEqual(visibleRows(one, open));
    expect(visibleRows(await buildTreeAsync(big), open)).toEqual(visibleRows(one, open));
  });

  it('reads the children of the full form in the answer order, a node whose parent is missing as a root', () => {
    const m = buildTree({ ...full, nodes: [node(2, 99, 'TGBT'), node(4, 2, 'Départ moteurs'), node(6, 2, 'Éclairage')] });
    expect(childrenOf(m, null)).toEqual([2]);
    expect(childrenOf(m, 2)).toEqual([4, 6]);
    expect(hasChildren(m, 4)).toBe(false);
    expect(parentOf(m, 2)).toBe(99);
  });
});

describe('updateRows: opening and closing splice the rows, equal to the full walk', () => {
  const big = buildTree(grown(4, 3, 4));
  it.each([
    ['open a root', [], [1]],
    ['open a root and a child at once', [], [1, 5]],
    ['open a child whose parent is closed (nothing shows)', [], [5]],
    ['then its parent: both subtrees show', [5], [5, 1]],
    ['close a root with open descendants', [1, 5, 6], [5, 6]],
    ['close a leaf-level parent', [1, 5], [1]],
    ['open every root (the « * » key)', [], [1, 2, 3, 4]],
    ['close everything', [1, 2, 3, 4, 5, 8], []],
    ['nothing changes', [1, 5], [1, 5]],
    ['a leaf in the set changes nothing', [1], [1, 17]],
  ])('%s', (_label, before, after) => {
    const b = new Set(before);
    const a = new Set(after);
    expect(updateRows(big, visibleRows(big, b), b, a)).toEqual(visibleRows(big, a));
  });

  it('« * » opens 50 nodes in one pass: their subtrees spliced in, the other rows kept as the same objects', () => {
    const wide = buildTree(grown(2, 50, 3));
    const before = new Set([1]);
    const rows = visibleRows(wide, before);
    const after = new Set([1, ...childrenOf(wide, 1)]);
    const next = updateRows(wide, rows, before, after);
    expect(next).toEqual(visibleRows(wide, after));
    expect(next).toHaveLength(2 + 50 + 50 * 50);
    // The second root, after them, is the same row object.
    expect(next.at(-1)).toBe(rows.at(-1) as TreeRow);
    // Nothing to change: the same array.
    expect(updateRows(wide, next, after, new Set(after))).toBe(next);
  });

  it('random sequences of opens and closes (also after an arrange) give the full walk every time', () => {
    const next = random(13);
    for (const m of [big, applyArrange(big, { parentId: 2, ids: [1, 6, 7] })]) {
      let open = new Set<number>();
      let rows = visibleRows(m, open);
      for (let k = 0; k < 300; k++) {
        const changed = new Set(open);
        const count = 1 + Math.floor(next() * 3);
        for (let c = 0; c < count; c++) {
          const id = 1 + Math.floor(next() * m.size);
          if (changed.has(id)) changed.delete(id);
          else changed.add(id);
        }
        rows = updateRows(m, rows, open, changed);
        open = changed;
        expect(rows).toEqual(visibleRows(m, open));
      }
    }
  });
});

import type { EquipementTree } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { applyArrange, buildTree, expandedForMatches, highlightParts, moveBy, moveByDrop, moveTo, visibleRows } from './equipement-tree.ts';

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
const names = (rows: { id: number }[]) => rows.map((r) => model.byId.get(r.id)?.name);

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
    expect(visibleRows(compact, new Set([1])).map((r) => compact.byId.get(r.id)?.name)).toEqual(['Site', 'TGBT', 'Poste']);
  });

  it('makes a node whose parent is not sent (rights) a root', () => {
    const partial = buildTree({ ...full, nodes: [node(2, 1, 'TGBT'), node(4, 2, 'Départ moteurs')] });
    expect(visibleRows(partial, new Set()).map((r) => r.id)).toEqual([2]);
  });

  it('opens the ancestors of every match of a search', () => {
    const found = buildTree({ ...full, matchIds: [4] });
    expect([...expandedForMatches(found)].sort()).toEqual([1, 2]);
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
    expect(next.byId.get(5)?.parentId).toBe(2);
    expect(visibleRows(next, new Set([1, 2])).map((r) => next.byId.get(r.id)?.name)).toEqual([
      'Site',
      'TGBT',
      'Atelier',
      'Départ moteurs',
      'Poste HTA',
    ]);
    // The original model is left as it was (the server's answer may bring it back).
    expect(model.byId.get(5)?.parentId).toBeNull();
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

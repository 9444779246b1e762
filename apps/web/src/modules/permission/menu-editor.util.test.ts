import { describe, expect, it } from 'vitest';
import { type DraftItem, isDirty, moveItem, neighbour } from './menu-editor.util.ts';

const item = (id: number, parentId: number | null, idx: number, logiciel: string | null = null): DraftItem => ({
  id,
  parentId,
  idx,
  hidden: false,
  logiciel,
});
const items = [item(1, null, 0), item(2, null, 1), item(3, 2, 0), item(4, 2, 1, 'permis'), item(5, 2, 2)];
const order = (list: DraftItem[], parentId: number | null) =>
  list
    .filter((i) => i.parentId === parentId)
    .sort((a, b) => a.idx - b.idx)
    .map((i) => i.id);

describe('menu editor', () => {
  it('moves within a level and renumbers it', () => {
    const moved = moveItem(items, 5, 3, 'before');
    expect(order(moved, 2)).toEqual([5, 3, 4]);
    expect(
      moved
        .filter((i) => i.parentId === 2)
        .map((i) => i.idx)
        .sort(),
    ).toEqual([0, 1, 2]);
    expect(order(moveItem(items, 3, 5, 'after'), 2)).toEqual([4, 5, 3]);
  });
  it('refuses a move across levels', () => {
    expect(moveItem(items, 1, 3, 'before')).toEqual(items);
  });
  it('skips entries of another software when moving in a software tab', () => {
    expect(neighbour(items, 5, -1, 'mc')?.id).toBe(3);
    expect(neighbour(items, 5, -1, 'permis')?.id).toBe(4);
    expect(neighbour(items, 3, -1, 'all')).toBeNull();
  });
  it('tells when the draft differs', () => {
    expect(isDirty(items, items)).toBe(false);
    expect(
      isDirty(
        items,
        items.map((i) => (i.id === 1 ? { ...i, hidden: true } : i)),
      ),
    ).toBe(true);
  });
});

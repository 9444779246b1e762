/** An entry of the menu being edited. */
export interface DraftItem {
  id: number;
  parentId: number | null;
  idx: number;
  hidden: boolean;
  logiciel: string | null;
}

/** Whether an entry shows in a software's menu ('all': the whole menu). Entries of no software show in all. */
export function inLogiciel(item: { logiciel: string | null }, tab: string): boolean {
  return tab === 'all' || item.logiciel === null || item.logiciel === tab;
}

function siblingsOf<T extends DraftItem>(items: readonly T[], parentId: number | null): T[] {
  return items.filter((i) => i.parentId === parentId).sort((a, b) => a.idx - b.idx || a.id - b.id);
}

/**
 * Moves an entry before or after a sibling, then renumbers that level 0..n-1 (the entries of other software
 * keep their relative place). Returns the same list when the move is not within one level.
 */
export function moveItem<T extends DraftItem>(items: readonly T[], id: number, targetId: number, position: 'before' | 'after'): T[] {
  const moving = items.find((i) => i.id === id);
  const target = items.find((i) => i.id === targetId);
  if (!moving || !target || id === targetId || moving.parentId !== target.parentId) return [...items];
  const level = siblingsOf(items, moving.parentId).filter((i) => i.id !== id);
  const at = level.findIndex((i) => i.id === targetId) + (position === 'after' ? 1 : 0);
  level.splice(at, 0, moving);
  const idx = new Map(level.map((i, n) => [i.id, n]));
  return items.map((i) => (idx.has(i.id) ? { ...i, idx: idx.get(i.id) as number } : i));
}

/** The visible neighbour (in the tab) an entry swaps with when moved up (-1) or down (+1); null at an end. */
export function neighbour<T extends DraftItem>(items: readonly T[], id: number, dir: -1 | 1, tab: string): T | null {
  const item = items.find((i) => i.id === id);
  if (!item) return null;
  const level = siblingsOf(items, item.parentId).filter((i) => inLogiciel(i, tab));
  return level[level.findIndex((i) => i.id === id) + dir] ?? null;
}

/** Whether the draft differs from the saved menu (order, parent or visibility). */
export function isDirty(saved: readonly DraftItem[], draft: readonly DraftItem[]): boolean {
  const byId = new Map(saved.map((i) => [i.id, i]));
  return draft.some((d) => {
    const s = byId.get(d.id);
    return !s || s.idx !== d.idx || s.parentId !== d.parentId || s.hidden !== d.hidden;
  });
}

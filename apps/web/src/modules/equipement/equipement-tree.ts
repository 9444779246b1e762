import type { EquipementTree } from '@app/contracts';

/** A node as the tree shows it: the compact form only carries the id, the parent and the name. */
export interface TreeItem {
  id: number;
  parentId: number | null;
  name: string;
  number: string | null;
  icon: string | null;
  color: string | null;
}

/**
 * The tree in memory: each node by id and the children of each node in order (key null: the roots, i.e. the nodes
 * whose parent is not in the answer — a part of the tree the caller may not read is not sent).
 */
export interface TreeModel {
  byId: Map<number, TreeItem>;
  children: Map<number | null, number[]>;
  /** The search's matches (null without a search). */
  matchIds: Set<number> | null;
  form: 'full' | 'compact';
  total: number;
}

function push(children: Map<number | null, number[]>, key: number | null, id: number) {
  const list = children.get(key);
  if (list) list.push(id);
  else children.set(key, [id]);
}

/** The model of the server's answer (rows come parent first, then by idx: appending keeps the order). */
export function buildTree(tree: EquipementTree): TreeModel {
  const byId = new Map<number, TreeItem>();
  const children = new Map<number | null, number[]>();
  if (tree.form === 'full') {
    for (const n of tree.nodes) {
      byId.set(n.id, { id: n.id, parentId: n.parentId, name: n.name, number: n.number, icon: n.icon, color: n.color });
    }
    for (const n of tree.nodes) push(children, n.parentId !== null && byId.has(n.parentId) ? n.parentId : null, n.id);
    return { byId, children, matchIds: tree.matchIds ? new Set(tree.matchIds) : null, form: 'full', total: tree.total };
  }
  const { ids, parentIds, names } = tree;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as number;
    byId.set(id, { id, parentId: parentIds[i] ?? null, name: names[i] ?? '', number: null, icon: null, color: null });
  }
  for (let i = 0; i < ids.length; i++) {
    const p = parentIds[i] ?? null;
    push(children, p !== null && byId.has(p) ? p : null, ids[i] as number);
  }
  return { byId, children, matchIds: null, form: 'compact', total: tree.total };
}

/** A visible row: the node, its depth (1 = root) and its place among its siblings (aria-level, posinset, setsize). */
export interface TreeRow {
  id: number;
  level: number;
  posinset: number;
  setsize: number;
  hasChildren: boolean;
  expanded: boolean;
}

/** The rows shown: every root, and the children of each expanded node, depth first. */
export function visibleRows(model: TreeModel, expanded: ReadonlySet<number>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (parent: number | null, level: number) => {
    const list = model.children.get(parent);
    if (!list) return;
    for (let i = 0; i < list.length; i++) {
      const id = list[i] as number;
      const hasChildren = (model.children.get(id)?.length ?? 0) > 0;
      const open = hasChildren && expanded.has(id);
      rows.push({ id, level, posinset: i + 1, setsize: list.length, hasChildren, expanded: open });
      if (open) walk(id, level + 1);
    }
  };
  walk(null, 1);
  return rows;
}

/** The ids from a node's root down to its parent (what must be expanded for it to show). */
export function ancestorsOf(model: TreeModel, id: number): number[] {
  const out: number[] = [];
  let p = model.byId.get(id)?.parentId ?? null;
  while (p !== null && model.byId.has(p)) {
    out.unshift(p);
    p = model.byId.get(p)?.parentId ?? null;
  }
  return out;
}

/** What a search expands: the ancestors of every match, so that each one shows. */
export function expandedForMatches(model: TreeModel): Set<number> {
  const open = new Set<number>();
  for (const id of model.matchIds ?? []) {
    let p = model.byId.get(id)?.parentId ?? null;
    while (p !== null && model.byId.has(p) && !open.has(p)) {
      open.add(p);
      p = model.byId.get(p)?.parentId ?? null;
    }
  }
  return open;
}

/** Whether `id` is `ancestor` itself or lies below it. */
export function isWithin(model: TreeModel, id: number | null, ancestor: number): boolean {
  let p = id;
  while (p !== null) {
    if (p === ancestor) return true;
    p = model.byId.get(p)?.parentId ?? null;
  }
  return false;
}

/** The parent a node is shown under (null: a root of the answer). */
export function shownParent(model: TreeModel, id: number): number | null {
  const p = model.byId.get(id)?.parentId ?? null;
  return p !== null && model.byId.has(p) ? p : null;
}

/** The body of `PUT /api/v2/equipement/arrange`: the new parent and all its children in their new order. */
export interface ArrangeBody {
  parentId: number | null;
  ids: number[];
}

/**
 * Put `id` under `parentId` at `index` among the other children (clamped). Null when the move is impossible (under
 * itself or one of its descendants) or changes nothing. At the root of a partial tree (rights), the parent sent is the
 * node's real parent only when it stays among the same roots: otherwise null, the server's root.
 */
export function moveTo(model: TreeModel, id: number, parentId: number | null, index: number): ArrangeBody | null {
  if (parentId !== null && isWithin(model, parentId, id)) return null;
  const siblings = (model.children.get(parentId) ?? []).filter((x) => x !== id);
  const at = Math.max(0, Math.min(index, siblings.length));
  const ids = [...siblings.slice(0, at), id, ...siblings.slice(at)];
  const before = model.children.get(parentId) ?? [];
  if (shownParent(model, id) === parentId && before.length === ids.length && before.every((x, i) => x === ids[i])) return null;
  if (parentId === null) {
    // Roots of a partial tree may have different real parents: only those sharing the moved node's keep their place.
    const realParent = model.byId.get(id)?.parentId ?? null;
    if (shownParent(model, id) === null && realParent !== null) {
      return { parentId: realParent, ids: ids.filter((x) => (model.byId.get(x)?.parentId ?? null) === realParent) };
    }
    return { parentId: null, ids: ids.filter((x) => x === id || (model.byId.get(x)?.parentId ?? null) === null) };
  }
  return { parentId, ids };
}

/** Where a dragged node is dropped relative to the row under the pointer. */
export type DropPosition = 'before' | 'after' | 'inside';

/** The arrange body of a drop of `id` on `targetId` at `position`. */
export function moveByDrop(model: TreeModel, id: number, targetId: number, position: DropPosition): ArrangeBody | null {
  if (id === targetId) return null;
  if (position === 'inside') return moveTo(model, id, targetId, Number.MAX_SAFE_INTEGER);
  const parent = shownParent(model, targetId);
  const siblings = (model.children.get(parent) ?? []).filter((x) => x !== id);
  const at = siblings.indexOf(targetId) + (position === 'after' ? 1 : 0);
  return moveTo(model, id, parent, at);
}

/** Move a node one place up (-1) or down (+1) among its siblings; null at the end. */
export function moveBy(model: TreeModel, id: number, delta: -1 | 1): ArrangeBody | null {
  const parent = shownParent(model, id);
  const siblings = model.children.get(parent) ?? [];
  const i = siblings.indexOf(id);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= siblings.length) return null;
  return moveTo(model, id, parent, j);
}

/** Lower case without accents, one character for one (the search and its highlight ignore accents and case). */
export function foldChar(c: string): string {
  const f = c.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return f.length === 1 ? f : c.toLowerCase().slice(0, 1) || c;
}

/** The parts of `text` matching `search` (accents and case ignored), for highlighting: [text, matched][]. */
export function highlightParts(text: string, search: string): [string, boolean][] {
  const needle = [...search.trim()].map(foldChar).join('');
  if (!needle) return [[text, false]];
  const chars = [...text];
  const folded = chars.map(foldChar).join('');
  const parts: [string, boolean][] = [];
  let from = 0;
  let at = folded.indexOf(needle);
  while (at >= 0) {
    if (at > from) parts.push([chars.slice(from, at).join(''), false]);
    parts.push([chars.slice(at, at + needle.length).join(''), true]);
    from = at + needle.length;
    at = folded.indexOf(needle, from);
  }
  if (from < chars.length) parts.push([chars.slice(from).join(''), false]);
  return parts;
}

/**
 * The tree after an arrange, before the server's answer (the drop shows at once): the moved nodes take `parentId`
 * and the children of that parent take the order of `ids`. Under a parent the caller does not see (roots of a partial
 * tree), the roots keep their places and only those ids are reordered among themselves.
 */
export function applyArrange(model: TreeModel, body: ArrangeBody): TreeModel {
  const children = new Map(model.children);
  const byId = new Map(model.byId);
  const key = body.parentId !== null && byId.has(body.parentId) ? body.parentId : null;
  const moved = new Set(body.ids);
  for (const id of body.ids) {
    const old = shownParent(model, id);
    if (old !== key)
      children.set(
        old,
        (children.get(old) ?? []).filter((x) => x !== id),
      );
    const item = byId.get(id);
    if (item && item.parentId !== body.parentId) byId.set(id, { ...item, parentId: body.parentId });
  }
  const current = children.get(key) ?? [];
  if (key === null && body.parentId !== null) {
    // Reorder the given roots in the slots they hold, others untouched.
    const queue = [...body.ids];
    const next = current.map((x) => (moved.has(x) ? (queue.shift() as number) : x));
    children.set(null, [...next, ...queue]);
  } else {
    children.set(key, mergeOrder(current, body.ids));
  }
  for (const [k, v] of children) if (v.length === 0 && k !== null) children.delete(k);
  return { ...model, byId, children };
}

/** The children after an arrange: the server puts `ids` in that order (they are all the parent's children). */
function mergeOrder(current: number[], ids: number[]): number[] {
  const given = new Set(ids);
  // Children the client did not list (not shown to it) keep their place after the given ones.
  return [...ids, ...current.filter((x) => !given.has(x))];
}

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
 * The tree in memory, built for 100,000 nodes: the server's columns kept as they came (no object per node), an
 * index from id to position, and the children of every node precomputed once (typed arrays: `childStart[i]` ..
 * `childStart[i + 1]` in `childIds`; position `size` holds the roots, i.e. the nodes whose parent is not in the
 * answer — a part of the tree the caller may not read is not sent). An arrange shown before the server's answer is
 * kept beside them (`moved`, `lists`), the columns are never changed: a model is immutable.
 */
export interface TreeModel {
  form: 'full' | 'compact';
  total: number;
  /** The search's matches (null without a search). */
  matchIds: Set<number> | null;
  /** Number of nodes in the answer. */
  size: number;
  ids: ArrayLike<number>;
  parentIds: ArrayLike<number | null>;
  names: ArrayLike<string>;
  /** Full form only (null: the compact form has no such column). */
  numbers: ArrayLike<string | null> | null;
  icons: ArrayLike<string | null> | null;
  colors: ArrayLike<string | null> | null;
  /** id → position in the columns. */
  index: Map<number, number>;
  childStart: Int32Array;
  childIds: Int32Array;
  /** Arranges applied on the client: new parent of a node, new children list of a parent (null: the roots). */
  moved: Map<number, number | null>;
  lists: Map<number | null, readonly number[]>;
  /** Children lists already read from the typed arrays (a cache: reading them is pure). */
  cache: Map<number | null, readonly number[]>;
}

/** Rows handled between two yields of an incremental build (a few milliseconds each, even with a slow CPU). */
const BUILD_CHUNK = 8_000;

/**
 * The model of the server's answer, step by step: yields the share done (0..1) every BUILD_CHUNK rows so that a
 * caller can let the browser breathe in between (buildTreeAsync); buildTree runs it in one go. Rows come parent
 * first, then by idx: children lists keep that order.
 */
export function* buildSteps(tree: EquipementTree): Generator<number, TreeModel> {
  const full = tree.form === 'full';
  const size = full ? tree.nodes.length : tree.ids.length;
  const ids = full ? new Array<number>(size) : tree.ids;
  const parentIds = full ? new Array<number | null>(size) : tree.parentIds;
  const names = full ? new Array<string>(size) : tree.names;
  const numbers = full ? new Array<string | null>(size) : null;
  const icons = full ? new Array<string | null>(size) : null;
  const colors = full ? new Array<string | null>(size) : null;
  const index = new Map<number, number>();
  for (let i = 0; i < size; i++) {
    if (full) {
      const n = tree.nodes[i] as (typeof tree.nodes)[number];
      ids[i] = n.id;
      parentIds[i] = n.parentId;
      names[i] = n.name;
      (numbers as (string | null)[])[i] = n.number;
      (icons as (string | null)[])[i] = n.icon;
      (colors as (string | null)[])[i] = n.color;
    }
    index.set(ids[i] as number, i);
    if (i % BUILD_CHUNK === BUILD_CHUNK - 1) yield (i / size) * 0.6;
  }
  // Children: count per parent position (position `size`: the roots), then fill in the answer's order.
  const parentPos = new Int32Array(size);
  const childStart = new Int32Array(size + 2);
  for (let i = 0; i < size; i++) {
    const p = parentIds[i] ?? null;
    const at = p === null ? undefined : index.get(p);
    const pos = at === undefined ? size : at;
    parentPos[i] = pos;
    (childStart[pos + 1] as number)++;
    if (i % BUILD_CHUNK === BUILD_CHUNK - 1) yield 0.6 + (i / size) * 0.2;
  }
  for (let i = 0; i <= size; i++) childStart[i + 1] = (childStart[i + 1] as number) + (childStart[i] as number);
  const fill = childStart.slice(0, size + 1);
  const childIds = new Int32Array(size);
  for (let i = 0; i < size; i++) {
    const pos = parentPos[i] as number;
    childIds[fill[pos] as number] = ids[i] as number;
    fill[pos] = (fill[pos] as number) + 1;
    if (i % BUILD_CHUNK === BUILD_CHUNK - 1) yield 0.8 + (i / size) * 0.2;
  }
  return {
    form: tree.form,
    total: tree.total,
    matchIds: full && tree.matchIds ? new Set(tree.matchIds) : null,
    size,
    ids,
    parentIds,
    names,
    numbers,
    icons,
    colors,
    index,
    childStart,
    childIds,
    moved: new Map(),
    lists: new Map(),
    cache: new Map(),
  };
}

/** The model of the server's answer, in one go. */
export function buildTree(tree: EquipementTree): TreeModel {
  const steps = buildSteps(tree);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Lets the browser handle input and paint (a macrotask: timers are clamped, a message is not). */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * The model of the server's answer, built in slices of a few milliseconds with a yield to the browser between them
 * (no long task while 100,000 nodes are read); `onProgress` gets the share done. Rejects with an AbortError once
 * `signal` is aborted (a newer answer came).
 */
export async function buildTreeAsync(tree: EquipementTree, onProgress?: (share: number) => void, signal?: AbortSignal): Promise<TreeModel> {
  const steps = buildSteps(tree);
  let last = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - last > 8) {
      onProgress?.(step.value);
      await yieldToBrowser();
      if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      last = performance.now();
    }
  }
}

/** Whether the node is in the answer. */
export function hasNode(model: TreeModel, id: number): boolean {
  return model.index.has(id);
}

/** The node's name ('' when it is not in the answer). */
export function nameOf(model: TreeModel, id: number): string {
  const i = model.index.get(id);
  return i === undefined ? '' : (model.names[i] ?? '');
}

/** The node's real parent (null: a root of the registry, or a node not in the answer). */
export function parentOf(model: TreeModel, id: number): number | null {
  if (model.moved.has(id)) return model.moved.get(id) ?? null;
  const i = model.index.get(id);
  return i === undefined ? null : (model.parentIds[i] ?? null);
}

/** The node as a row shows it (undefined when it is not in the answer). */
export function itemOf(model: TreeModel, id: number): TreeItem | undefined {
  const i = model.index.get(id);
  if (i === undefined) return undefined;
  return {
    id,
    parentId: parentOf(model, id),
    name: model.names[i] ?? '',
    number: model.numbers?.[i] ?? null,
    icon: model.icons?.[i] ?? null,
    color: model.colors?.[i] ?? null,
  };
}

const NONE: readonly number[] = [];

/** The children of a node in order (null: the roots of the answer). */
export function childrenOf(model: TreeModel, parent: number | null): readonly number[] {
  const own = model.lists.get(parent);
  if (own) return own;
  const cached = model.cache.get(parent);
  if (cached) return cached;
  const pos = parent === null ? model.size : model.index.get(parent);
  if (pos === undefined) return NONE;
  const from = model.childStart[pos] as number;
  const to = model.childStart[pos + 1] as number;
  const list = from === to ? NONE : Array.from(model.childIds.subarray(from, to));
  model.cache.set(parent, list);
  return list;
}

/** Whether a node has children shown under it. */
export function hasChildren(model: TreeModel, id: number): boolean {
  const own = model.lists.get(id);
  if (own) return own.length > 0;
  const pos = model.index.get(id);
  return pos !== undefined && (model.childStart[pos + 1] as number) > (model.childStart[pos] as number);
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

/** Appends to `rows` the children of `parent` at `level` and, depth first, those of every expanded one. */
function walkRows(model: TreeModel, expanded: ReadonlySet<number>, parent: number | null, level: number, rows: TreeRow[]) {
  const list = childrenOf(model, parent);
  for (let i = 0; i < list.length; i++) {
    const id = list[i] as number;
    const kids = hasChildren(model, id);
    const open = kids && expanded.has(id);
    rows.push({ id, level, posinset: i + 1, setsize: list.length, hasChildren: kids, expanded: open });
    if (open) walkRows(model, expanded, id, level + 1, rows);
  }
}

/** The rows shown: every root, and the children of each expanded node, depth first. */
export function visibleRows(model: TreeModel, expanded: ReadonlySet<number>): TreeRow[] {
  const rows: TreeRow[] = [];
  walkRows(model, expanded, null, 1, rows);
  return rows;
}

/**
 * The rows shown after some nodes were opened or closed, from the rows shown before (same model): each node opened
 * gets its subtree spliced in after it, each node closed loses the rows below it; nothing else is rebuilt. Falls back
 * to visibleRows when many nodes changed at once (a search's expansion) — same result either way.
 */
export function updateRows(model: TreeModel, rows: readonly TreeRow[], before: ReadonlySet<number>, after: ReadonlySet<number>): TreeRow[] {
  const changed: number[] = [];
  for (const id of after) if (!before.has(id)) changed.push(id);
  for (const id of before) if (!after.has(id)) changed.push(id);
  if (changed.length > 200) return visibleRows(model, after);
  let out = rows as TreeRow[];
  let copied = false;
  for (const id of changed) {
    const at = out.findIndex((r) => r.id === id);
    const row = out[at];
    // Not shown (under a closed node) or without children: nothing to draw now; the walk reads `after` later.
    if (!row?.hasChildren) continue;
    const open = after.has(id);
    if (row.expanded === open) continue;
    let end = at + 1;
    while (end < out.length && (out[end] as TreeRow).level > row.level) end++;
    const sub: TreeRow[] = [];
    if (open) walkRows(model, after, id, row.level + 1, sub);
    const head = out.slice(0, at);
    head.push({ ...row, expanded: open });
    out = head.concat(sub, out.slice(end));
    copied = true;
  }
  return copied ? out : (rows as TreeRow[]);
}

/** The ids from a node's root down to its parent (what must be expanded for it to show). */
export function ancestorsOf(model: TreeModel, id: number): number[] {
  const out: number[] = [];
  let p = parentOf(model, id);
  while (p !== null && hasNode(model, p)) {
    out.unshift(p);
    p = parentOf(model, p);
  }
  return out;
}

/** What a search expands: the ancestors of every match, so that each one shows. */
export function expandedForMatches(model: TreeModel): Set<number> {
  const open = new Set<number>();
  for (const id of model.matchIds ?? []) {
    let p = parentOf(model, id);
    while (p !== null && hasNode(model, p) && !open.has(p)) {
      open.add(p);
      p = parentOf(model, p);
    }
  }
  return open;
}

/** Whether `id` is `ancestor` itself or lies below it. */
export function isWithin(model: TreeModel, id: number | null, ancestor: number): boolean {
  let p = id;
  while (p !== null) {
    if (p === ancestor) return true;
    p = parentOf(model, p);
  }
  return false;
}

/** The parent a node is shown under (null: a root of the answer). */
export function shownParent(model: TreeModel, id: number): number | null {
  const p = parentOf(model, id);
  return p !== null && hasNode(model, p) ? p : null;
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
  const siblings = childrenOf(model, parentId).filter((x) => x !== id);
  const at = Math.max(0, Math.min(index, siblings.length));
  const ids = [...siblings.slice(0, at), id, ...siblings.slice(at)];
  const before = childrenOf(model, parentId);
  if (shownParent(model, id) === parentId && before.length === ids.length && before.every((x, i) => x === ids[i])) return null;
  if (parentId === null) {
    // Roots of a partial tree may have different real parents: only those sharing the moved node's keep their place.
    const realParent = parentOf(model, id);
    if (shownParent(model, id) === null && realParent !== null) {
      return { parentId: realParent, ids: ids.filter((x) => parentOf(model, x) === realParent) };
    }
    return { parentId: null, ids: ids.filter((x) => x === id || parentOf(model, x) === null) };
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
  const siblings = childrenOf(model, parent).filter((x) => x !== id);
  const at = siblings.indexOf(targetId) + (position === 'after' ? 1 : 0);
  return moveTo(model, id, parent, at);
}

/** Move a node one place up (-1) or down (+1) among its siblings; null at the end. */
export function moveBy(model: TreeModel, id: number, delta: -1 | 1): ArrangeBody | null {
  const parent = shownParent(model, id);
  const siblings = childrenOf(model, parent);
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
 * tree), the roots keep their places and only those ids are reordered among themselves. The columns are shared with
 * the model given, which is left as it was.
 */
export function applyArrange(model: TreeModel, body: ArrangeBody): TreeModel {
  const lists = new Map(model.lists);
  const moved = new Map(model.moved);
  const key = body.parentId !== null && hasNode(model, body.parentId) ? body.parentId : null;
  const given = new Set(body.ids);
  for (const id of body.ids) {
    const old = shownParent(model, id);
    if (old !== key)
      lists.set(
        old,
        (lists.get(old) ?? childrenOf(model, old)).filter((x) => x !== id),
      );
    if (parentOf(model, id) !== body.parentId) moved.set(id, body.parentId);
  }
  const current = lists.get(key) ?? childrenOf(model, key);
  if (key === null && body.parentId !== null) {
    // Reorder the given roots in the slots they hold, others untouched.
    const queue = [...body.ids];
    const next = current.map((x) => (given.has(x) ? (queue.shift() as number) : x));
    lists.set(null, [...next, ...queue]);
  } else {
    // The server puts `ids` in that order; children the client did not list (not shown to it) keep theirs after.
    lists.set(key, [...body.ids, ...current.filter((x) => !given.has(x))]);
  }
  return { ...model, lists, moved };
}

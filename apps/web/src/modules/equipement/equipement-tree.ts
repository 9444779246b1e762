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
 * Strings of one column packed for a transfer between threads: one text and where each string ends in it (string
 * `i` runs from `ends[i - 1]`, or 0, to `ends[i]`). A message carries one string and a typed array instead of
 * 100,000 strings to copy one by one.
 */
export interface PackedStrings {
  text: string;
  ends: Int32Array;
  /** 1 where the value is null (null: the column has none). */
  nulls: Uint8Array | null;
}

/** The column `values` packed (null values read back as null). */
export function packStrings(values: ArrayLike<string | null>): PackedStrings {
  const ends = new Int32Array(values.length);
  const parts = new Array<string>(values.length);
  let nulls: Uint8Array | null = null;
  let at = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) {
      nulls ??= new Uint8Array(values.length);
      nulls[i] = 1;
      parts[i] = '';
    } else {
      parts[i] = v;
      at += v.length;
    }
    ends[i] = at;
  }
  return { text: parts.join(''), ends, nulls };
}

/** String `i` of a packed column. */
export function stringAt(column: PackedStrings, i: number): string | null {
  if (column.nulls?.[i]) return null;
  return column.text.slice(i === 0 ? 0 : (column.ends[i - 1] as number), column.ends[i] as number);
}

/**
 * The server's answer as columns of typed arrays, built for 100,000 nodes off the main thread (the tree's Web
 * Worker reads and builds it, then transfers it: equipement-tree-reader.ts) or on it when no worker can run:
 * - `ids`, `parentIds` by position in the answer (NaN: no parent);
 * - `slots`: an open-addressing hash table from id to position + 1 (0: empty), a Map that can be transferred;
 * - the children of every node precomputed (`childStart[i]` .. `childStart[i + 1]` in `childIds`; position `size`
 *   holds the roots, i.e. the nodes whose parent is not in the answer — a part of the tree the caller may not read is
 *   not sent);
 * - the names (and, full form only, numbers, icons, colours) packed;
 * - a search's matches (`matchIds`, and `matched` by position), null without a search.
 */
export interface TreeColumns {
  form: 'full' | 'compact';
  total: number;
  /** Number of nodes in the answer. */
  size: number;
  ids: Float64Array;
  parentIds: Float64Array;
  slots: Int32Array;
  childStart: Int32Array;
  childIds: Float64Array;
  names: PackedStrings;
  /** Full form only (null: the compact form has no such column). */
  numbers: PackedStrings | null;
  icons: PackedStrings | null;
  colors: PackedStrings | null;
  matchIds: Float64Array | null;
  matched: Uint8Array | null;
}

/**
 * The tree in memory: the columns, and an arrange shown before the server's answer kept beside them (`moved`,
 * `lists`); the columns are never changed: a model is immutable.
 */
export interface TreeModel extends TreeColumns {
  /** Arranges applied on the client: new parent of a node, new children list of a parent (null: the roots). */
  moved: Map<number, number | null>;
  lists: Map<number | null, readonly number[]>;
  /** Children lists already read from the typed arrays (a cache: reading them is pure). */
  cache: Map<number | null, readonly number[]>;
}

/** The buffers a message carrying `columns` transfers (each typed array owns its buffer). */
export function transferablesOf(columns: TreeColumns): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  const add = (a: { buffer: ArrayBufferLike } | null | undefined) => {
    // An ArrayBuffer of any realm (not a SharedArrayBuffer: shared, not transferred), each once.
    const b = a?.buffer;
    if (b && Object.prototype.toString.call(b) === '[object ArrayBuffer]' && !out.includes(b as ArrayBuffer)) out.push(b as ArrayBuffer);
  };
  for (const a of [columns.ids, columns.parentIds, columns.slots, columns.childStart, columns.childIds, columns.matchIds, columns.matched])
    add(a);
  for (const p of [columns.names, columns.numbers, columns.icons, columns.colors]) {
    add(p?.ends);
    add(p?.nulls);
  }
  return out;
}

/** The model of columns read (from the worker or on this thread). */
export function modelOf(columns: TreeColumns): TreeModel {
  return { ...columns, moved: new Map(), lists: new Map(), cache: new Map() };
}

/** The first slot of `id` in a table of `slots.length` (a power of two) slots: Fibonacci hashing. */
function slotOf(id: number, slots: Int32Array): number {
  return Math.imul(id | 0, 0x9e3779b1) >>> (Math.clz32(slots.length) + 1);
}

/** The position of `id` in the columns (-1: not in the answer). */
function positionIn(slots: Int32Array, ids: Float64Array, id: number): number {
  const mask = slots.length - 1;
  for (let s = slotOf(id, slots); ; s = (s + 1) & mask) {
    const at = slots[s] as number;
    if (at === 0) return -1;
    if (ids[at - 1] === id) return at - 1;
  }
}

/** The position of a node in the model's columns (-1: not in the answer). */
export function positionOf(model: TreeColumns, id: number): number {
  return positionIn(model.slots, model.ids, id);
}

/** Rows handled between two yields of an incremental build (a few milliseconds each, even with a slow CPU). */
const BUILD_CHUNK = 8_000;

/**
 * The columns of the server's answer, step by step: yields the share done (0..1) every BUILD_CHUNK rows so that a
 * caller can report progress or let the browser breathe in between (buildTreeAsync). Rows come parent first, then
 * by idx: children lists keep that order.
 */
export function* encodeSteps(tree: EquipementTree): Generator<number, TreeColumns> {
  const full = tree.form === 'full';
  const size = full ? tree.nodes.length : tree.ids.length;
  const ids = new Float64Array(size);
  const parentIds = new Float64Array(size);
  // At least twice as many slots as nodes (a power of two, two at the least): short probes.
  const slots = new Int32Array(2 ** Math.max(1, Math.ceil(Math.log2(2 * size + 1))));
  const mask = slots.length - 1;
  for (let i = 0; i < size; i++) {
    const id = full ? (tree.nodes[i] as (typeof tree.nodes)[number]).id : (tree.ids[i] as number);
    const parent = full ? (tree.nodes[i] as (typeof tree.nodes)[number]).parentId : (tree.parentIds[i] ?? null);
    ids[i] = id;
    parentIds[i] = parent === null ? Number.NaN : parent;
    // The last row of an id wins (as a Map would).
    let s = slotOf(id, slots);
    while (slots[s] !== 0 && ids[(slots[s] as number) - 1] !== id) s = (s + 1) & mask;
    slots[s] = i + 1;
    if (i % BUILD_CHUNK === BUILD_CHUNK - 1) yield (i / size) * 0.4;
  }
  // Children: count per parent position (position `size`: the roots), then fill in the answer's order.
  const parentPos = new Int32Array(size);
  const childStart = new Int32Array(size + 2);
  for (let i = 0; i < size; i++) {
    const p = parentIds[i] as number;
    const at = Number.isNaN(p) ? -1 : positionIn(slots, ids, p);
    const pos = at < 0 ? size : at;
    parentPos[i] = pos;
    (childStart[pos + 1] as number)++;
    if (i % BUILD_CHUNK === BUILD_CHUNK - 1) yield 0.4 + (i / size) * 0.2;
  }
  for (let i = 0; i <= size; i++) childStart[i + 1] = (childStart[i + 1] as number) + (childStart[i] as number);
  const fill = childStart.slice(0, size + 1);
  const childIds = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    const pos = parentPos[i] as number;
    childIds[fill[pos] as number] = ids[i] as number;
    fill[pos] = (fill[pos] as number) + 1;
    if (i % BUILD_CHUNK === BUILD_CHUNK - 1) yield 0.6 + (i / size) * 0.2;
  }
  yield 0.8;
  let numbers: PackedStrings | null = null;
  let icons: PackedStrings | null = null;
  let colors: PackedStrings | null = null;
  let names: PackedStrings;
  let matchIds: Float64Array | null = null;
  let matched: Uint8Array | null = null;
  if (full) {
    names = packStrings(tree.nodes.map((n) => n.name));
    numbers = packStrings(tree.nodes.map((n) => n.number));
    icons = packStrings(tree.nodes.map((n) => n.icon));
    colors = packStrings(tree.nodes.map((n) => n.color));
    if (tree.matchIds) {
      matchIds = Float64Array.from(tree.matchIds);
      matched = new Uint8Array(size);
      for (const id of tree.matchIds) {
        const at = positionIn(slots, ids, id);
        if (at >= 0) matched[at] = 1;
      }
    }
  } else {
    names = packStrings(tree.names);
  }
  return {
    form: tree.form,
    total: tree.total,
    size,
    ids,
    parentIds,
    slots,
    childStart,
    childIds,
    names,
    numbers,
    icons,
    colors,
    matchIds,
    matched,
  };
}

/** Runs the steps to their end. */
function finish<T>(steps: Generator<number, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The columns of the server's answer, in one go (the worker's way: it has no input to handle meanwhile). */
export function encodeTree(tree: EquipementTree): TreeColumns {
  return finish(encodeSteps(tree));
}

/** The model of the server's answer, in one go. */
export function buildTree(tree: EquipementTree): TreeModel {
  return modelOf(encodeTree(tree));
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
 * The model of the server's answer built on this thread in slices of a few milliseconds with a yield to the browser
 * between them (where no worker can run: no long task while 100,000 nodes are read); `onProgress` gets the share
 * done. Rejects with an AbortError once `signal` is aborted (a newer answer came).
 */
export async function buildTreeAsync(tree: EquipementTree, onProgress?: (share: number) => void, signal?: AbortSignal): Promise<TreeModel> {
  const steps = encodeSteps(tree);
  let last = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return modelOf(step.value);
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
  return positionOf(model, id) >= 0;
}

/** The node's name ('' when it is not in the answer). */
export function nameOf(model: TreeModel, id: number): string {
  const i = positionOf(model, id);
  return i < 0 ? '' : (stringAt(model.names, i) ?? '');
}

/** The node's real parent (null: a root of the registry, or a node not in the answer). */
export function parentOf(model: TreeModel, id: number): number | null {
  if (model.moved.has(id)) return model.moved.get(id) ?? null;
  const i = positionOf(model, id);
  if (i < 0) return null;
  const p = model.parentIds[i] as number;
  return Number.isNaN(p) ? null : p;
}

/** The node as a row shows it (undefined when it is not in the answer). */
export function itemOf(model: TreeModel, id: number): TreeItem | undefined {
  const i = positionOf(model, id);
  if (i < 0) return undefined;
  return {
    id,
    parentId: parentOf(model, id),
    name: stringAt(model.names, i) ?? '',
    number: model.numbers ? stringAt(model.numbers, i) : null,
    icon: model.icons ? stringAt(model.icons, i) : null,
    color: model.colors ? stringAt(model.colors, i) : null,
  };
}

/** Whether the node is one of the search's matches. */
export function isMatch(model: TreeModel, id: number): boolean {
  if (!model.matched) return false;
  const i = positionOf(model, id);
  return i >= 0 && model.matched[i] === 1;
}

/** How many nodes the search matched (0 without a search). */
export function matchCount(model: TreeModel): number {
  return model.matchIds?.length ?? 0;
}

const NONE: readonly number[] = [];

/** The children of a node in order (null: the roots of the answer). */
export function childrenOf(model: TreeModel, parent: number | null): readonly number[] {
  const own = model.lists.get(parent);
  if (own) return own;
  const cached = model.cache.get(parent);
  if (cached) return cached;
  const pos = parent === null ? model.size : positionOf(model, parent);
  if (pos < 0) return NONE;
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
  const pos = positionOf(model, id);
  return pos >= 0 && (model.childStart[pos + 1] as number) > (model.childStart[pos] as number);
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
 * The rows shown after some nodes were opened or closed, from the rows shown before (same model), in one pass: each
 * node opened gets its subtree spliced in after it, each node closed loses the rows below it, the other rows are
 * kept as they were (the same objects). « * » opens fifty nodes at once: one pass too, not one per node.
 */
export function updateRows(model: TreeModel, rows: readonly TreeRow[], before: ReadonlySet<number>, after: ReadonlySet<number>): TreeRow[] {
  const changed = new Set<number>();
  for (const id of after) if (!before.has(id)) changed.add(id);
  for (const id of before) if (!after.has(id)) changed.add(id);
  // A row changes when it has children and its open state is not the one asked (a node not shown, under a closed
  // one, or without children has nothing to draw now: the walk reads `after` when it shows).
  const changes = (row: TreeRow) => changed.has(row.id) && row.hasChildren && row.expanded !== after.has(row.id);
  let first = -1;
  if (changed.size > 0) first = rows.findIndex(changes);
  if (first < 0) return rows as TreeRow[];
  const out = rows.slice(0, first);
  for (let i = first; i < rows.length; i++) {
    const row = rows[i] as TreeRow;
    if (!changes(row)) {
      out.push(row);
      continue;
    }
    const open = !row.expanded;
    out.push({ ...row, expanded: open });
    if (open) walkRows(model, after, row.id, row.level + 1, out);
    else while (i + 1 < rows.length && (rows[i + 1] as TreeRow).level > row.level) i++;
  }
  return out;
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

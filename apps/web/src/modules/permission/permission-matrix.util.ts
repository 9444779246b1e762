import {
  CRUD_ACTIONS,
  type CrudAction,
  type CrudFlags,
  explainPermission,
  type PermissionEntryLike,
  resolvePermission,
} from '@app/contracts';

/** A tri-state flag as stored on an entry: true grants, false denies, null inherits. */
export type TriState = boolean | null;

export interface MenuTreeRow<T extends { id: number; parentId: number | null; idx: number }> {
  item: T;
  depth: number;
  /** The item id first, then its parent's, up to the root (what resolvePermission walks). */
  chain: number[];
}

/** The menu as an ordered, indented list (depth-first by idx), each row with its ancestor chain. */
export function flattenMenu<T extends { id: number; parentId: number | null; idx: number }>(items: readonly T[]): MenuTreeRow<T>[] {
  const ids = new Set(items.map((i) => i.id));
  const children = new Map<number | null, T[]>();
  for (const i of items) {
    const parent = i.parentId !== null && ids.has(i.parentId) ? i.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), i]);
  }
  const out: MenuTreeRow<T>[] = [];
  const walk = (parent: number | null, depth: number, chain: number[]) => {
    for (const item of [...(children.get(parent) ?? [])].sort((a, b) => a.idx - b.idx || a.id - b.id)) {
      const own = [item.id, ...chain];
      out.push({ item, depth, chain: own });
      walk(item.id, depth + 1, own);
    }
  };
  walk(null, 0, []);
  return out;
}

/** The holder as the contracts' resolver sees it; in profile mode no user (ids are positive: 0 matches none). */
export interface MatrixHolder {
  userId: number | null;
  profilId: number | null;
}

type CellSource =
  | { kind: 'explicit' }
  | { kind: 'manage' }
  | { kind: 'parent'; itemId: number }
  | { kind: 'profil'; itemId: number }
  | { kind: 'computed' }
  | { kind: 'default' };

export interface CellState {
  /** The effective right on this item for this action. */
  value: boolean;
  /** The flag stored on this item's own entry for the holder (what a click cycles). */
  own: TriState;
  source: CellSource;
}

/** The holder's own entry on an item: the user's in user mode, the profile's in profile mode. */
export function ownEntry<E extends PermissionEntryLike>(entries: readonly E[], itemId: number, holder: MatrixHolder): E | undefined {
  return entries.find((e) =>
    holder.userId !== null
      ? e.itemId === itemId && e.utilisateurId === holder.userId
      : e.itemId === itemId && e.utilisateurId === null && e.profilId === holder.profilId,
  );
}

/** What one cell of the matrix shows: the effective value and where it comes from. */
export function cellState(
  entries: readonly PermissionEntryLike[],
  chain: readonly number[],
  holder: MatrixHolder,
  action: CrudAction,
): CellState {
  const itemId = chain[0];
  const own = ownEntry(entries, itemId, holder)?.permissions[action] ?? null;
  const ownSide = holder.userId !== null ? 'user' : 'profil';
  const resolved = resolvePermission(entries, chain, { userId: holder.userId ?? 0, profilId: holder.profilId });
  const value = resolved[action];
  if (own !== null) return { value, own, source: { kind: 'explicit' } };
  if (action === 'manage') return { value, own, source: { kind: 'computed' } };
  const why = explainPermission(entries, chain, holder, action);
  if (why.from === 'default' || why.itemId === null) return { value, own, source: { kind: 'default' } };
  if (why.from !== ownSide) return { value, own, source: { kind: 'profil', itemId: why.itemId } };
  if (why.itemId === itemId) return { value, own, source: { kind: 'manage' } };
  return { value, own, source: { kind: 'parent', itemId: why.itemId } };
}

/** The click cycle of a cell: Hériter → Accorder → Refuser → Hériter. */
export function nextTriState(v: TriState): TriState {
  if (v === null) return true;
  if (v === true) return false;
  return null;
}

/** All five flags, absent ones as null (inherit), so an upsert replaces the entry unambiguously. */
function fullFlags(p: CrudFlags | undefined): Record<CrudAction, TriState> {
  return Object.fromEntries(CRUD_ACTIONS.map((a) => [a, p?.[a] ?? null])) as Record<CrudAction, TriState>;
}

export function allInherit(p: CrudFlags): boolean {
  return CRUD_ACTIONS.every((a) => (p[a] ?? null) === null);
}

/** Applies a chosen set of flags (only the actions present in `patch`) over an entry's flags. */
export function applyFlags(p: CrudFlags | undefined, patch: Partial<Record<CrudAction, TriState>>): Record<CrudAction, TriState> {
  return { ...fullFlags(p), ...patch };
}

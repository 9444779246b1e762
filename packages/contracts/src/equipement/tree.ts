/**
 * Pure rules of the equipment tree, shared by the server and the web (tables of cases in tree.test.ts).
 * A node's `path` lists the ids from its root down to itself.
 */

/**
 * Above this many rows (what the caller may read), `GET /api/v2/equipement/get` answers the compact form (id,
 * parent, name in three columns) unless a search is given (S 221: "the threshold is not shown"). 2,000 full rows
 * weigh about 250 kB of JSON (≈ 30 kB gzipped), the largest a phone parses without a visible pause; a compact row is
 * a third of a full one (docs/DECISIONS.md, ticket 13).
 */
export const TREE_COMPACT_THRESHOLD = 2000;

export type TreeFormRequest = 'auto' | 'full' | 'compact';

/** The form of the tree's answer without a search: compact above the threshold, unless the client asks for one. */
export function treeForm(total: number, requested: TreeFormRequest = 'auto', threshold = TREE_COMPACT_THRESHOLD): 'full' | 'compact' {
  if (requested !== 'auto') return requested;
  return total > threshold ? 'compact' : 'full';
}

/** S 221: a search matching at least half of all equipment loads the full tree (not the matches and their ancestors). */
export function searchLoadsFullTree(matched: number, total: number): boolean {
  return total > 0 && matched * 2 >= total;
}

/**
 * Whether putting `ids` under the parent whose path is `parentPath` (empty: the root) would make a cycle: a node
 * moved under itself or under one of its descendants. Returns the first offending id, or null.
 */
export function arrangeCycle(parentPath: readonly number[], ids: readonly number[]): number | null {
  const above = new Set(parentPath);
  for (const id of ids) if (above.has(id)) return id;
  return null;
}

/** The path of a node created (or moved) under a parent's path. */
export function childPath(parentPath: readonly number[] | null, id: number): number[] {
  return [...(parentPath ?? []), id];
}

/** The path of a node of a moved subtree: the moved node's old prefix replaced by its new one. */
export function movedPath(path: readonly number[], oldPrefix: readonly number[], newPrefix: readonly number[]): number[] {
  if (oldPrefix.some((id, i) => path[i] !== id)) throw new Error('Chemin hors du sous-arbre déplacé');
  return [...newPrefix, ...path.slice(oldPrefix.length)];
}

export interface CrudRights {
  create: boolean;
  read: boolean;
  update: boolean;
  delete: boolean;
}
export const NO_RIGHTS: CrudRights = { create: false, read: false, update: false, delete: false };

/** A right given on a node (`equipementId`), or on every equipment (null). */
export interface EquipementRightEntry {
  equipementId: number | null;
  rights: Partial<CrudRights>;
}

const union = (a: CrudRights, b: Partial<CrudRights>): CrudRights => ({
  create: a.create || Boolean(b.create),
  read: a.read || Boolean(b.read),
  update: a.update || Boolean(b.update),
  delete: a.delete || Boolean(b.delete),
});

/**
 * The caller's rights on a node from the entries that concern them (their profile's and their own): the entries on
 * the nearest node of its path, from the node itself up to the root, decide (a lower node overrides what its
 * ancestors give, to grant more or less); with none on the path, the entries on every equipment (null); else none.
 * Several entries on the same node add up (the profile's and the person's).
 */
export function effectiveRights(path: readonly number[], entries: readonly EquipementRightEntry[]): CrudRights {
  const byNode = new Map<number | null, CrudRights>();
  for (const e of entries) byNode.set(e.equipementId, union(byNode.get(e.equipementId) ?? NO_RIGHTS, e.rights));
  for (let i = path.length - 1; i >= 0; i--) {
    const r = byNode.get(path[i] as number);
    if (r) return r;
  }
  return byNode.get(null) ?? NO_RIGHTS;
}

/** Whether any entry may give some read on part of the tree (the caller may open the registry at all). */
export function readsSomething(entries: readonly EquipementRightEntry[]): boolean {
  return entries.some((e) => e.rights.read);
}

/** The nodes whose entries (added up) give no read: where `effectiveRights` refuses a subtree below a granted node. */
export function refusingNodes(entries: readonly EquipementRightEntry[]): number[] {
  const read = new Map<number, boolean>();
  for (const e of entries)
    if (e.equipementId !== null) read.set(e.equipementId, (read.get(e.equipementId) ?? false) || Boolean(e.rights.read));
  return [...read].filter(([, r]) => !r).map(([id]) => id);
}

/**
 * The nodes `effectiveRights` lets read, as conditions on a node's path that SQL evaluates with array operators (the
 * path's GIN index, no function per row). A node is read when its path holds `anywhere` (a granted node with no
 * refusing node below it), or a region's `top` and none of its `except` (the refusing nodes below that top), or —
 * with a read entry on every equipment — none of `elsewhere` (all the refusing nodes); null: no such entry.
 * `pathOf` gives a refusing node's path (undefined for a node that no longer exists: no path holds it).
 * Equivalent to `effectiveRights(path, entries).read` for every path (table-driven test).
 */
export interface ReadRegions {
  anywhere: number[];
  regions: { top: number; except: number[] }[];
  elsewhere: number[] | null;
}
export function readRegions(entries: readonly EquipementRightEntry[], pathOf: (id: number) => readonly number[] | undefined): ReadRegions {
  const refusing = refusingNodes(entries);
  const granted = [...new Set(entries.filter((e) => e.equipementId !== null && e.rights.read).map((e) => e.equipementId as number))];
  const anywhere: number[] = [];
  const regions: ReadRegions['regions'] = [];
  for (const top of granted) {
    // A refusing node below the top: any one on a node's path (deeper than the top) takes the top's read away there;
    // a granted node deeper still gives it back through its own region.
    const except = refusing.filter((d) => d !== top && (pathOf(d)?.includes(top) ?? false));
    if (except.length) regions.push({ top, except });
    else anywhere.push(top);
  }
  const global = entries.filter((e) => e.equipementId === null);
  const elsewhere = global.some((e) => e.rights.read) ? refusing : null;
  return { anywhere, regions, elsewhere };
}

/** A picker's choice of equipment: its id, its name, and the label shown (« Pompe P12 — Utilités › Chaufferie »). */
export interface EquipementChoice {
  id: number;
  name: string;
  label: string;
}

/**
 * The choice of an equipment answered by `GET /api/v2/equipement/options` (`chemin`: the names from the root down to
 * itself, joined by « › »): its parents' path tells apart two pumps of the same name.
 */
export function equipementChoice(o: { id: number; libelle: string; chemin: string }): EquipementChoice {
  const parents = o.chemin.split(' › ').slice(0, -1).join(' › ');
  return { id: o.id, name: o.libelle, label: parents ? `${o.libelle} — ${parents}` : o.libelle };
}

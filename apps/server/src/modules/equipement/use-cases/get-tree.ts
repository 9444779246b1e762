import { type EquipementTree, type EquipementType, searchLoadsFullTree, type TreeFormRequest, treeForm } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { Serialized } from '../../../platform/http/route.ts';
import { accessOf, readableIndexes, readsAll, rightsOfRows } from '../equipement.access.ts';
import { presentNode } from '../equipement.presenter.ts';
import {
  compactTreeJson,
  countTree,
  type NodeRow,
  nodeRowsOf,
  nodesByIds,
  searchKey,
  searchRows,
  searchTree,
  treeRows,
  treeVersion,
} from '../equipement.repository.ts';
import type { CachedTree, TreeCache, TreeModel } from '../equipement.tree-cache.ts';

interface Query {
  type?: EquipementType;
  search?: string;
  form: TreeFormRequest;
}

/** Full rows of a list in tree order, each with its number of children within the list. */
function fullOf(list: NodeRow[], total: number, matchIds: number[] | null, countIn: NodeRow[] = list): EquipementTree {
  const children = new Map<number, number>();
  for (const r of countIn) if (r.parent_id !== null) children.set(Number(r.parent_id), (children.get(Number(r.parent_id)) ?? 0) + 1);
  return { form: 'full', total, nodes: list.map((r) => presentNode(r, children.get(Number(r.id)) ?? 0)), matchIds };
}

function compactOf(list: NodeRow[]): EquipementTree {
  return {
    form: 'compact',
    total: list.length,
    ids: list.map((r) => Number(r.id)),
    parentIds: list.map((r) => (r.parent_id === null ? null : Number(r.parent_id))),
    names: list.map((r) => r.name),
  };
}

/** The cached compact tree as the response: its bytes, already compressed for the encodings the client accepts. */
const served = (tree: CachedTree) => new Serialized(tree.json, (encoding) => tree.encode(encoding));

/** The compact answer of some rows of a whole tree (by index), as compactOf writes it. */
function compactJsonOf(indexes: number[], m: TreeModel): string {
  const ids: number[] = [];
  const parents: (number | null)[] = [];
  const names: string[] = [];
  for (const i of indexes) {
    ids.push(m.ids[i] as number);
    parents.push(m.parentIds[i] as number | null);
    names.push(m.names[i] as string);
  }
  return JSON.stringify({ form: 'compact', total: indexes.length, ids, parentIds: parents, names });
}

/**
 * The tree of the registry as the caller may read it (S 221): compact above TREE_COMPACT_THRESHOLD rows; with a
 * search, the matches and their ancestors, or the whole tree when the search matches at least half of it. Without a
 * search, the compact tree comes from the cache of the company's tree version (equipement.tree-cache.ts): a caller
 * reading every node gets its bytes; a caller with specific rights gets it filtered by their rights in one pass
 * (their readable subtrees' tops becoming roots), the full rows of a small readable part being read by id. Otherwise
 * (a search; a type filter with specific rights; the full form asked) the rows are read from the database.
 */
export async function getTree(tx: Tx, caller: Caller, q: Query, cache: TreeCache): Promise<EquipementTree | Serialized> {
  const a = await accessOf(tx, caller);
  const c = caller.entrepriseId;
  if (q.search && readsAll(a)) {
    // One statement for the key, the count, the matches and the rows shown (a key left empty: no search).
    const cached = cache.latest(c, q.type);
    const found = await searchTree(tx, c, q.search, q.type, cached && { version: cached.version, total: cached.total });
    if (found.key) {
      if (!found.nodes) return fullOf(await treeRows(tx, c, q.type), found.total, found.matchIds);
      return {
        form: 'full',
        total: found.total,
        nodes: found.nodes.map((r) => presentNode(r, Number(r.child_count))),
        matchIds: found.matchIds,
      };
    }
  }
  const key = q.search ? await searchKey(tx, q.search) : '';
  if (!key && q.form !== 'full' && (readsAll(a) || q.type === undefined)) {
    const tree = await cache.tree(c, q.type, await treeVersion(tx, c), () => compactTreeJson(tx, c, q.type));
    if (readsAll(a)) {
      if (treeForm(tree.total, q.form) === 'compact') return served(tree);
    } else if (!tree.modelOf().orphans.size) {
      // (A row whose parent is missing cannot happen, live rows hang under live rows; if it did, the rows are read.)
      const m = tree.modelOf();
      const readable = readableIndexes(a, m);
      const form = treeForm(readable.length, q.form);
      if (form === 'compact' && readable.length === tree.total) return served(tree);
      if (form === 'compact')
        return new Serialized(tree.filteredJson(JSON.stringify([a.base.read, a.entries]), () => compactJsonOf(readable, m)));
      const part = await nodeRowsOf(
        tx,
        c,
        readable.map((i) => m.ids[i] as number),
      );
      // Read at the cached version: the same tree. A write committed since: read again below, in one statement.
      if (part.version === tree.version) return fullOf(part.rows, part.rows.length, null);
    }
  }
  if (readsAll(a)) {
    if (!key) {
      const list = await treeRows(tx, c, q.type);
      return fullOf(list, list.length, null);
    }
    const total = await countTree(tx, c, q.type);
    const matches = await searchRows(tx, c, key, q.type);
    const matchIds = matches.map((m) => Number(m.id));
    if (searchLoadsFullTree(matches.length, total)) return fullOf(await treeRows(tx, c, q.type), total, matchIds);
    const shown = new Set<number>();
    for (const m of matches) for (const id of m.path) shown.add(Number(id));
    const list = await nodesByIds(tx, c, [...shown]);
    return {
      form: 'full',
      total,
      nodes: list.map((r) => presentNode(r, Number(r.child_count))),
      matchIds,
    };
  }
  const all = await treeRows(tx, c, q.type);
  const rights = rightsOfRows(a, all);
  const readable = all.filter((r) => rights.get(r.id)?.read);
  if (!key) return treeForm(readable.length, q.form) === 'compact' ? compactOf(readable) : fullOf(readable, readable.length, null);
  const matches = readable.filter((r) => r.name_recherche.includes(key));
  const matchIds = matches.map((m) => Number(m.id));
  if (searchLoadsFullTree(matches.length, readable.length)) return fullOf(readable, readable.length, matchIds);
  const shown = new Set<number>();
  for (const m of matches) for (const id of m.path) shown.add(Number(id));
  return fullOf(
    readable.filter((r) => shown.has(Number(r.id))),
    readable.length,
    matchIds,
    readable,
  );
}

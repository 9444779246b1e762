import {
  type EquipementTree,
  type EquipementType,
  searchLoadsFullTree,
  TREE_COMPACT_THRESHOLD,
  type TreeFormRequest,
  treeForm,
} from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { Serialized } from '../../../platform/http/route.ts';
import { accessOf, readsAll, rightsOfRows } from '../equipement.access.ts';
import { presentNode } from '../equipement.presenter.ts';
import { compactTreeJson, countTree, type NodeRow, nodesByIds, searchKey, searchRows, treeRows } from '../equipement.repository.ts';

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

/**
 * The tree of the registry as the caller may read it (S 221): compact above TREE_COMPACT_THRESHOLD rows; with a
 * search, the matches and their ancestors, or the whole tree when the search matches at least half of it. A caller
 * reading every node is answered by the database alone (the compact JSON is written by PostgreSQL); otherwise the
 * rows are filtered by their rights in one pass, the readable subtrees' tops becoming roots.
 */
export async function getTree(tx: Tx, caller: Caller, q: Query): Promise<EquipementTree | Serialized> {
  const a = await accessOf(tx, caller);
  const c = caller.entrepriseId;
  const key = q.search ? await searchKey(tx, q.search) : '';
  if (readsAll(a)) {
    if (!key) {
      // The compact answer first (one index-only scan): below the threshold, the full rows are read instead.
      if (q.form !== 'full') {
        const compact = await compactTreeJson(tx, c, q.type, q.form === 'compact' ? 0 : TREE_COMPACT_THRESHOLD + 1);
        if (compact.json !== null) return new Serialized(compact.json);
      }
      const list = await treeRows(tx, c, q.type);
      return fullOf(list, list.length, null);
    }
    const [total, matches] = await Promise.all([countTree(tx, c, q.type), searchRows(tx, c, key, q.type)]);
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

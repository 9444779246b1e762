import type { CrudAction, CrudFlags, Resolved } from './permission.schema.ts';

export interface PermissionEntryLike {
  itemId: number;
  profilId: number | null;
  utilisateurId: number | null;
  permissions: CrudFlags;
}

const ACTIONS = ['create', 'read', 'update', 'delete'] as const;

/** One entry's say on an action: the action's own flag, else its manage flag, else nothing (null). */
function flag(p: CrudFlags | undefined, a: (typeof ACTIONS)[number]): boolean | null {
  if (!p) return null;
  return p[a] ?? p.manage ?? null;
}

/**
 * Effective CRUD of a user on an item (decentralised permissions). For each action the first explicit answer
 * wins, looked up in this order: the user's own entries from the item up through its ancestors, then the
 * profile's entries from the item up through its ancestors. No answer means no right. `manage` is true when
 * all four actions are.
 *
 * @param chain the item id first, then its parent's, up to the root
 */
export function resolvePermission(
  entries: readonly PermissionEntryLike[],
  chain: readonly number[],
  holder: { userId: number; profilId: number | null },
): Resolved {
  const out: Resolved = { manage: false, create: false, read: false, update: false, delete: false };
  const userEntries = new Map(entries.filter((e) => e.utilisateurId === holder.userId).map((e) => [e.itemId, e.permissions]));
  const profilEntries = new Map(
    holder.profilId === null
      ? []
      : entries.filter((e) => e.profilId === holder.profilId && e.utilisateurId === null).map((e) => [e.itemId, e.permissions]),
  );
  for (const a of ACTIONS) {
    let decided: boolean | null = null;
    for (const source of [userEntries, profilEntries]) {
      for (const id of chain) {
        decided = flag(source.get(id), a);
        if (decided !== null) break;
      }
      if (decided !== null) break;
    }
    out[a] = decided ?? false;
  }
  out.manage = out.create && out.read && out.update && out.delete;
  return out;
}

/** Where an action's answer comes from, for the matrix screen ("hérité de …"). */
export function explainPermission(
  entries: readonly PermissionEntryLike[],
  chain: readonly number[],
  holder: { userId: number | null; profilId: number | null },
  action: Exclude<CrudAction, 'manage'>,
): { value: boolean; from: 'user' | 'profil' | 'default'; itemId: number | null } {
  const sources: ['user' | 'profil', PermissionEntryLike[]][] = [
    ['user', holder.userId === null ? [] : entries.filter((e) => e.utilisateurId === holder.userId)],
    ['profil', holder.profilId === null ? [] : entries.filter((e) => e.profilId === holder.profilId && e.utilisateurId === null)],
  ];
  for (const [from, list] of sources) {
    for (const id of chain) {
      const v = flag(list.find((e) => e.itemId === id)?.permissions, action);
      if (v !== null) return { value: v, from, itemId: id };
    }
  }
  return { value: false, from: 'default', itemId: null };
}

/** A menu item then its ancestors, nearest first (stops on a cycle): the chain a permission is inherited along. */
export function chainOf(id: number, byId: Map<number, { parentId: number | null }>): number[] {
  const chain: number[] = [];
  let cur: number | null = id;
  while (cur !== null && !chain.includes(cur)) {
    chain.push(cur);
    cur = byId.get(cur)?.parentId ?? null;
  }
  return chain;
}

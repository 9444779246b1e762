import {
  type Grant,
  type LogicielCodeValue,
  type PermissionType,
  type Resolved,
  resolvePermission,
  SUBJECT_OF_TYPE,
  SUBJECTS,
  type Subject,
} from '@app/contracts';
import { and, asc, eq, or } from 'drizzle-orm';
import type { Tx } from '../db/engine.ts';
import { logiciel, menuItem, permission } from '../db/schema.ts';

export interface MenuRow {
  id: number;
  parentId: number | null;
  slug: string;
  libelle: string;
  icon: string | null;
  logiciel: LogicielCodeValue | null;
  subject: string | null;
  hidden: boolean;
  isEE: boolean;
  idx: number;
}

export interface Rights {
  /** Undefined on an account that is not on the v2 model (it manages everything of its company). */
  grants: Grant[] | undefined;
  /** Resolved rights on each menu item of the caller's list (EE or not). */
  onItem: Map<number, Resolved>;
  /** Every menu item of the caller's list, in tree order. */
  menu: MenuRow[];
  /** The ids of the entries the caller sees in their menu. */
  visible: Set<number>;
}

/** The menu of a company, ordered by parent then idx. */
export async function loadMenu(tx: Tx, entrepriseId: number): Promise<MenuRow[]> {
  const rows = await tx
    .select({
      id: menuItem.id,
      parentId: menuItem.parentId,
      slug: menuItem.slug,
      libelle: menuItem.libelle,
      icon: menuItem.icon,
      logiciel: logiciel.code,
      subject: menuItem.subject,
      hidden: menuItem.hidden,
      isEE: menuItem.isEe,
      idx: menuItem.idx,
    })
    .from(menuItem)
    .leftJoin(logiciel, eq(logiciel.id, menuItem.logicielId))
    .where(eq(menuItem.entrepriseId, entrepriseId))
    .orderBy(asc(menuItem.idx), asc(menuItem.id));
  return rows.map((r) => ({ ...r, logiciel: r.logiciel as LogicielCodeValue | null }));
}

/** Item then its ancestors (stops on a cycle). */
export function chainOf(id: number, byId: Map<number, { parentId: number | null }>): number[] {
  const chain: number[] = [];
  let cur: number | null = id;
  while (cur !== null && !chain.includes(cur)) {
    chain.push(cur);
    cur = byId.get(cur)?.parentId ?? null;
  }
  return chain;
}

const ALL: Resolved = { manage: true, create: true, read: true, update: true, delete: true };

/**
 * Computes a caller's rights from the company's menu and permission entries (decentralised permissions):
 * each menu item with a subject gives its resolved CRUD on that subject; entries on other items (a workflow, a
 * board...) give rights on that one item. Filters explicitly by company: it also runs in system mode.
 */
export async function computeRights(
  tx: Tx,
  c: { entrepriseId: number; userId: number; profilId: number | null; isEE: boolean; v2: boolean },
): Promise<Rights> {
  const all = await loadMenu(tx, c.entrepriseId);
  const menu = all.filter((m) => m.isEE === c.isEE);
  const byId = new Map(all.map((m) => [m.id, m]));
  const entries = (
    await tx
      .select()
      .from(permission)
      .where(
        and(
          eq(permission.entrepriseId, c.entrepriseId),
          eq(permission.isEe, c.isEE),
          or(eq(permission.utilisateurId, c.userId), c.profilId === null ? undefined : eq(permission.profilModeleId, c.profilId)),
        ),
      )
  ).map((e) => ({
    type: e.type as PermissionType,
    itemId: e.itemId,
    profilId: e.profilModeleId,
    utilisateurId: e.utilisateurId,
    permissions: e.permissions as Resolved,
  }));
  const holder = { userId: c.userId, profilId: c.profilId };
  const onItem = new Map<number, Resolved>();
  const menuEntries = entries.filter((e) => e.type === 'menuItem');
  for (const m of menu) onItem.set(m.id, c.v2 ? resolvePermission(menuEntries, chainOf(m.id, byId), holder) : ALL);

  // Visible: readable and not hidden, and every ancestor shown; a folder without a subject shows when a child does.
  const visible = new Set<number>();
  const children = (id: number | null) => menu.filter((m) => m.parentId === id);
  const walk = (id: number | null): boolean => {
    let any = false;
    for (const m of children(id)) {
      if (m.hidden) continue;
      const childShown = walk(m.id);
      if (onItem.get(m.id)?.read || childShown) {
        visible.add(m.id);
        any = true;
      }
    }
    return any;
  };
  walk(null);

  if (!c.v2) return { grants: undefined, onItem, menu, visible };
  const grants: Grant[] = [];
  for (const m of menu) {
    if (m.subject && (SUBJECTS as readonly string[]).includes(m.subject)) {
      grants.push({ subject: m.subject as Exclude<Subject, 'all'>, rights: onItem.get(m.id) as Resolved });
    }
  }
  const itemIds = new Map<string, { type: Exclude<PermissionType, 'menuItem'>; itemId: number }>();
  for (const e of entries)
    if (e.type !== 'menuItem')
      itemIds.set(`${e.type}:${e.itemId}`, { type: e.type as Exclude<PermissionType, 'menuItem'>, itemId: e.itemId });
  for (const { type, itemId } of itemIds.values()) {
    const same = entries.filter((e) => e.type === type);
    grants.push({ subject: SUBJECT_OF_TYPE[type], itemId, rights: resolvePermission(same, [itemId], holder) });
  }
  return { grants, onItem, menu, visible };
}

/** Computed rights by company version and holder; a menu or permission change bumps the version. */
const cache = new Map<string, Rights>();
const CACHE_MAX = 5000;

export async function rightsOf(
  tx: Tx,
  c: { entrepriseId: number; userId: number; profilId: number | null; isEE: boolean; v2: boolean; version: number },
): Promise<Rights> {
  const key = `${c.entrepriseId}:${c.version}:${c.userId}:${c.profilId}:${c.isEE}:${c.v2}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const rights = await computeRights(tx, c);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, rights);
  return rights;
}

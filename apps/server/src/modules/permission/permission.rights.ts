import {
  chainOf,
  type Grant,
  type PermissionType,
  type Resolved,
  resolvePermission,
  SUBJECT_OF_TYPE,
  SUBJECTS,
  type Subject,
} from '@app/contracts';
import { type Caller, callerWithProfil } from '../../platform/auth/caller.ts';
import type { Rights, RightsQuery } from '../../platform/auth/rights.ts';
import type { Tx } from '../../platform/db/engine.ts';
import { entriesOfHolder, loadMenu, rightsContextOf } from './permission.repository.ts';

const ALL: Resolved = { manage: true, create: true, read: true, update: true, delete: true };

/**
 * Computes a caller's rights from the company's menu and permission entries (decentralised permissions):
 * each menu item with a subject gives its resolved CRUD on that subject; entries on other items (a workflow, a
 * board...) give rights on that one item. Filters explicitly by company: it also runs in system mode.
 */
async function computeRights(tx: Tx, c: Omit<RightsQuery, 'version'>): Promise<Rights> {
  const all = await loadMenu(tx, c.entrepriseId);
  const menu = all.filter((m) => m.isEE === c.isEE);
  const byId = new Map(all.map((m) => [m.id, m]));
  const entries = await entriesOfHolder(tx, c);
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

/** The rights source the platform asks for every authenticated request (server.ts gives it through Deps). */
export async function rightsOf(tx: Tx, c: RightsQuery): Promise<Rights> {
  const key = `${c.entrepriseId}:${c.version}:${c.userId}:${c.profilId}:${c.isEE}:${c.v2}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const rights = await computeRights(tx, c);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, rights);
  return rights;
}

/** The caller with rights recomputed within the transaction (after a grant made by this very request). */
export async function refreshRights(tx: Tx, caller: Caller): Promise<Caller> {
  const { company, profil } = await rightsContextOf(tx, caller.entrepriseId, caller.profilModeleId);
  if (!profil || !company) return caller;
  return callerWithProfil(tx, caller, profil, company, rightsOf);
}

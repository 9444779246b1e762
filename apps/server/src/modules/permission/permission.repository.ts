import {
  type CompanyMember,
  type CompanyPermissionModel,
  type CrudFlags,
  DEFAULT_GRANTS,
  type LogicielCodeValue,
  MENU_TEMPLATE,
  type Permission,
  type PermissionType,
  type Resolved,
} from '@app/contracts';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { MenuRow } from '../../platform/auth/rights.ts';
import type { Tx } from '../../platform/db/engine.ts';
import { entreprise, logiciel } from '../entreprise/entreprise.tables.ts';
import { profilModele } from '../profil/profil.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { processModele } from '../workflow/workflow.tables.ts';
import { equipmentPermission, menuItem, permission } from './permission.tables.ts';

/** Every change of menu or permissions bumps the company's version: cached rights are recomputed. */
export async function bumpPermissionVersion(tx: Tx, entrepriseId: number) {
  await tx
    .update(entreprise)
    .set({ permissionVersion: sql`${entreprise.permissionVersion} + 1` })
    .where(eq(entreprise.id, entrepriseId));
}

/**
 * Gives a company the default menu and the default grants of each profile: all of it when it has no menu yet, else
 * the template entries it lacks (by slug; entries are never deleted, only hidden), each placed after the entry that
 * precedes it in the template, with its default grants. Idempotent: runs at every start (server.ts). Returns whether
 * it added anything.
 */
export async function seedCompanyMenu(tx: Tx, entrepriseId: number): Promise<boolean> {
  // Two servers starting together on one database add the same entries: the second waits, then finds them.
  await lockCompanyPermissions(tx, entrepriseId);
  const existing = await tx
    .select({ id: menuItem.id, slug: menuItem.slug, parentId: menuItem.parentId, idx: menuItem.idx })
    .from(menuItem)
    .where(eq(menuItem.entrepriseId, entrepriseId));
  const missing = MENU_TEMPLATE.filter((t) => !existing.some((e) => e.slug === t.slug));
  if (!missing.length) return false;
  const fresh = existing.length === 0;
  const logs = await tx.select().from(logiciel);
  const ids = new Map(existing.map((e) => [e.slug, e.id]));
  const rows = [...existing];
  const idxByParent = new Map<string, number>();
  for (const t of MENU_TEMPLATE) {
    const parentKey = t.parent ?? '';
    const next = idxByParent.get(parentKey) ?? 0;
    idxByParent.set(parentKey, next + 1);
    if (!missing.includes(t)) continue;
    const parentId = t.parent ? (ids.get(t.parent) ?? null) : null;
    let idx = next;
    if (!fresh) {
      // After the nearest earlier sibling of the template the company has; the later siblings move down by one.
      const siblings = MENU_TEMPLATE.slice(0, MENU_TEMPLATE.indexOf(t)).filter((x) => (x.parent ?? '') === parentKey);
      const before = siblings
        .reverse()
        .map((x) => rows.find((r) => r.slug === x.slug && r.parentId === parentId))
        .find((r) => r !== undefined);
      idx = before ? before.idx + 1 : 0;
      await tx
        .update(menuItem)
        .set({ idx: sql`${menuItem.idx} + 1` })
        .where(
          and(
            eq(menuItem.entrepriseId, entrepriseId),
            parentId === null ? isNull(menuItem.parentId) : eq(menuItem.parentId, parentId),
            sql`${menuItem.idx} >= ${idx}`,
          ),
        );
      for (const r of rows) if (r.parentId === parentId && r.idx >= idx) r.idx += 1;
    }
    const [row] = await tx
      .insert(menuItem)
      .values({
        entrepriseId,
        slug: t.slug,
        libelle: t.libelle,
        icon: t.icon,
        parentId,
        logicielId: t.logiciel ? (logs.find((l) => l.code === t.logiciel)?.id ?? null) : null,
        subject: t.subject,
        hidden: t.hidden ?? false,
        isEe: t.isEE ?? false,
        idx,
      })
      .returning({ id: menuItem.id });
    ids.set(t.slug, row.id);
    rows.push({ id: row.id, slug: t.slug, parentId, idx });
  }
  const added = new Set(missing.map((t) => t.slug));
  const profils = await tx.select().from(profilModele);
  const values = [];
  for (const [code, grants] of Object.entries(DEFAULT_GRANTS)) {
    const p = profils.find((x) => x.code === code);
    if (!p) continue;
    for (const [slug, flags] of Object.entries(grants)) {
      const itemId = ids.get(slug);
      if (itemId === undefined || !added.has(slug)) continue;
      const isEe = MENU_TEMPLATE.find((t) => t.slug === slug)?.isEE ?? false;
      values.push({ entrepriseId, type: 'menuItem', itemId, profilModeleId: p.id, isEe, permissions: flags });
    }
  }
  if (values.length) await tx.insert(permission).values(values).onConflictDoNothing();
  if (!fresh) await bumpPermissionVersion(tx, entrepriseId);
  return true;
}

/**
 * Serialises the writes that change who holds which rights in a company (permission entries, menu tree, people's
 * profiles and state) until the end of the transaction.
 */
export async function lockCompanyPermissions(tx: Tx, entrepriseId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('permission'), ${entrepriseId})`);
}

/**
 * What the rights on the Permission subject are computed from, for a company: its flags, its menu, its menu-item
 * entries, and its people with every profile they may act as (main profile and changeRole's). Filters explicitly by
 * company (a super admin's transaction may be scoped elsewhere before useCompany).
 */
export async function permissionModelOf(
  tx: Tx,
  entrepriseId: number,
): Promise<{ model: CompanyPermissionModel; members: CompanyMember[] }> {
  const [company] = await tx
    .select({ eu: entreprise.eu, v2: entreprise.permissionsV2 })
    .from(entreprise)
    .where(eq(entreprise.id, entrepriseId));
  const menu = await tx
    .select({ id: menuItem.id, parentId: menuItem.parentId, subject: menuItem.subject, isEE: menuItem.isEe })
    .from(menuItem)
    .where(eq(menuItem.entrepriseId, entrepriseId));
  const entries = await tx
    .select({
      itemId: permission.itemId,
      profilId: permission.profilModeleId,
      utilisateurId: permission.utilisateurId,
      permissions: permission.permissions,
      isEE: permission.isEe,
    })
    .from(permission)
    .where(and(eq(permission.entrepriseId, entrepriseId), eq(permission.type, 'menuItem')));
  const people = await tx
    .select({
      id: utilisateur.id,
      enable: utilisateur.enable,
      isSuperAdmin: utilisateur.isSuperAdmin,
      profilId: utilisateur.profilModeleId,
      profilIds: utilisateur.profilIds,
    })
    .from(utilisateur)
    .where(eq(utilisateur.entrepriseId, entrepriseId));
  const profils = new Map(
    (await tx.select({ id: profilModele.id, code: profilModele.code, type: profilModele.type }).from(profilModele)).map((p) => [p.id, p]),
  );
  const members = people.map((u) => ({
    id: u.id,
    enable: u.enable,
    isSuperAdmin: u.isSuperAdmin,
    profils: [...new Set([u.profilId, ...(u.profilIds ?? [])])].flatMap((id) => (id === null ? [] : (profils.get(id) ?? []))),
  }));
  return {
    model: {
      entrepriseId,
      eu: company?.eu ?? false,
      v2: company?.v2 ?? true,
      menu,
      entries: entries.map((e) => ({ ...e, permissions: e.permissions as CrudFlags })),
    },
    members,
  };
}

export type PermissionRow = typeof permission.$inferSelect;

export async function listPermissions(
  tx: Tx,
  entrepriseId: number,
  q: { type?: string; isEE?: boolean; profilId?: number; utilisateurId?: number },
): Promise<PermissionRow[]> {
  return tx
    .select()
    .from(permission)
    .where(
      and(
        eq(permission.entrepriseId, entrepriseId),
        q.type ? eq(permission.type, q.type) : undefined,
        q.isEE === undefined ? undefined : eq(permission.isEe, q.isEE),
        q.profilId ? eq(permission.profilModeleId, q.profilId) : undefined,
        q.utilisateurId ? eq(permission.utilisateurId, q.utilisateurId) : undefined,
      ),
    )
    .orderBy(asc(permission.idx), asc(permission.id));
}

export interface EntryInput {
  type: PermissionType;
  itemId: number;
  profilId?: number | null;
  utilisateurId?: number | null;
  isEE: boolean;
  permissions: Permission['permissions'];
  conditions?: Record<string, unknown>;
}

/**
 * Creates or replaces the entry of one holder on one item (one per type, item, holder and EE flag). Permission
 * writes of a company are serialised by an advisory lock, so two editors never create twin entries.
 */
export async function upsertPermission(tx: Tx, entrepriseId: number, e: EntryInput): Promise<PermissionRow> {
  await lockCompanyPermissions(tx, entrepriseId);
  const [existing] = await tx
    .select({ id: permission.id })
    .from(permission)
    .where(
      and(
        eq(permission.entrepriseId, entrepriseId),
        eq(permission.type, e.type),
        eq(permission.itemId, e.itemId),
        e.profilId ? eq(permission.profilModeleId, e.profilId) : isNull(permission.profilModeleId),
        e.utilisateurId ? eq(permission.utilisateurId, e.utilisateurId) : isNull(permission.utilisateurId),
        eq(permission.isEe, e.isEE),
      ),
    );
  if (existing) {
    const [row] = await tx
      .update(permission)
      .set({ permissions: e.permissions, ...(e.conditions ? { conditions: e.conditions } : {}) })
      .where(eq(permission.id, existing.id))
      .returning();
    return row;
  }
  const [row] = await tx
    .insert(permission)
    .values({
      entrepriseId,
      type: e.type,
      itemId: e.itemId,
      profilModeleId: e.profilId ?? null,
      utilisateurId: e.utilisateurId ?? null,
      isEe: e.isEE,
      permissions: e.permissions,
      conditions: e.conditions ?? {},
    })
    .returning();
  return row;
}

export async function updatePermissionRow(
  tx: Tx,
  entrepriseId: number,
  id: number,
  v: { permissions?: object; conditions?: object },
): Promise<PermissionRow | null> {
  const [row] = await tx
    .update(permission)
    .set(v)
    .where(and(eq(permission.id, id), eq(permission.entrepriseId, entrepriseId)))
    .returning();
  return row ?? null;
}

export async function deletePermissionRow(tx: Tx, entrepriseId: number, id: number) {
  const r = await tx
    .delete(permission)
    .where(and(eq(permission.id, id), eq(permission.entrepriseId, entrepriseId)))
    .returning({ id: permission.id });
  return r.length > 0;
}

/** Rewrites idx in the order of the ids, for rows of the company only; false when an id is not the company's. */
export async function arrangeRows(tx: Tx, table: 'permission' | 'equipment_permission', entrepriseId: number, ids: number[]) {
  const t = table === 'permission' ? permission : equipmentPermission;
  const found = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.entrepriseId, entrepriseId), inArray(t.id, ids)))
    .for('update');
  if (found.length !== ids.length) return false;
  await tx.execute(sql`update ${sql.identifier(table)} p set idx = v.ord - 1
    from unnest(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) with ordinality as v(id, ord) where p.id = v.id`);
  return true;
}

/** Moves one menu item of the company (parent, place, shown or hidden). */
export async function moveMenuItem(
  tx: Tx,
  entrepriseId: number,
  it: { id: number; parentId: number | null; idx: number; hidden?: boolean },
) {
  await tx
    .update(menuItem)
    .set({ parentId: it.parentId, idx: it.idx, ...(it.hidden !== undefined ? { hidden: it.hidden } : {}) })
    .where(and(eq(menuItem.id, it.id), eq(menuItem.entrepriseId, entrepriseId)));
}

/** Of these menu items, those of the company. */
export async function menuItemsAmong(tx: Tx, entrepriseId: number, ids: number[]) {
  const r = await tx
    .select({ id: menuItem.id })
    .from(menuItem)
    .where(and(eq(menuItem.entrepriseId, entrepriseId), inArray(menuItem.id, ids)));
  return r.map((x) => x.id);
}

/**
 * Of these workflow models, those of the company: the items of workflow entries. Read here on the workflow module's
 * table (the tables-file exception): the workflow module uses this one through its index.ts, so the other way would
 * be a cycle.
 */
export async function workflowsAmong(tx: Tx, entrepriseId: number, ids: number[]) {
  const r = await tx
    .select({ id: processModele.id })
    .from(processModele)
    .where(and(eq(processModele.entrepriseId, entrepriseId), inArray(processModele.id, ids)));
  return r.map((x) => x.id);
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

/** The permission entries that apply to a person acting with a profile (theirs or their profile's), EE list or not. */
export async function entriesOfHolder(tx: Tx, c: { entrepriseId: number; userId: number; profilId: number | null; isEE: boolean }) {
  const rows = await tx
    .select()
    .from(permission)
    .where(
      and(
        eq(permission.entrepriseId, c.entrepriseId),
        eq(permission.isEe, c.isEE),
        or(eq(permission.utilisateurId, c.userId), c.profilId === null ? undefined : eq(permission.profilModeleId, c.profilId)),
      ),
    );
  return rows.map((e) => ({
    type: e.type as PermissionType,
    itemId: e.itemId,
    profilId: e.profilModeleId,
    utilisateurId: e.utilisateurId,
    permissions: e.permissions as Resolved,
  }));
}

/** A company's permission model flag and version, and a profile (to recompute a caller's rights). */
export async function rightsContextOf(tx: Tx, entrepriseId: number, profilId: number | null) {
  const [company] = await tx
    .select({ v2: entreprise.permissionsV2, version: entreprise.permissionVersion })
    .from(entreprise)
    .where(eq(entreprise.id, entrepriseId));
  const [profil] = profilId ? await tx.select().from(profilModele).where(eq(profilModele.id, profilId)) : [];
  return { company, profil };
}

import { API, abilitiesOn, CONTROLS, chainOf, FUNCTION_ITEMS, type PermissionType, type RefKind } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Caller } from '../../platform/auth/caller.ts';
import type { Tx } from '../../platform/db/engine.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { verifyReferences } from '../../platform/http/references.ts';
import { type Ctx, type RouteDef, route } from '../../platform/http/route.ts';
import { processModele } from '../workflow/workflow.tables.ts';
import {
  arrangeRows,
  bumpPermissionVersion,
  deletePermission,
  type EntryInput,
  listPermissions,
  loadMenu,
  updatePermission,
  upsertPermission,
} from './permission.repository.ts';
import { equipmentPermission, menuItem } from './permission.tables.ts';
import { keepingAPermissionManager } from './use-cases/keep-a-permission-manager.ts';

const P = API.permission;

async function menuRows(tx: Tx, caller: Caller, isEE?: boolean) {
  const rows = (await loadMenu(tx, caller.entrepriseId)).filter((m) => isEE === undefined || m.isEE === isEE);
  const abilities = abilitiesOn(caller.ability, 'MenuItem', { entrepriseId: caller.entrepriseId });
  return rows.map((m) => ({ ...m, abilities }));
}

/** Items named by type whose rows other modules own, checked as references (400 naming the field). */
const ITEM_KINDS: Partial<Record<PermissionType, RefKind>> = { tableau: 'tableau' };

/**
 * Items of entries must exist in the caller's company (holders, profilId and utilisateurId, are references the
 * platform checks). Menu items and workflows answer 404; boards a 400 naming the entry's itemId (`champ`).
 */
async function assertTargets(
  { tx, caller, deps }: Pick<Ctx, 'tx' | 'caller' | 'deps'>,
  entries: EntryInput[],
  champ: (i: number) => string,
) {
  await verifyReferences(
    { tx, caller, deps },
    entries.flatMap((e, i) => {
      const kind = ITEM_KINDS[e.type];
      return kind ? [{ champ: champ(i), kind, id: e.itemId }] : [];
    }),
  );
  const byType = (t: PermissionType) => [...new Set(entries.filter((e) => e.type === t).map((e) => e.itemId))];
  const menuIds = byType('menuItem');
  if (menuIds.length) {
    const found = await tx
      .select({ id: menuItem.id })
      .from(menuItem)
      .where(and(eq(menuItem.entrepriseId, caller.entrepriseId), inArray(menuItem.id, menuIds)));
    if (found.length !== menuIds.length) throw notFound('Élément de menu introuvable.');
  }
  const wfIds = byType('workflow');
  if (wfIds.length) {
    const found = await tx
      .select({ id: processModele.id })
      .from(processModele)
      .where(and(eq(processModele.entrepriseId, caller.entrepriseId), inArray(processModele.id, wfIds)));
    if (found.length !== wfIds.length) throw notFound('Workflow introuvable.');
  }
}

type EqRow = typeof equipmentPermission.$inferSelect;
const presentEq = (r: EqRow) => ({
  id: r.id,
  equipementId: r.equipementId,
  profilId: r.profilModeleId,
  utilisateurId: r.utilisateurId,
  isEE: r.isEe,
  permissions: r.permissions as Record<string, boolean | null>,
  idx: r.idx,
});

export const permissionRoutes: RouteDef[] = [
  route(P.menu, async ({ tx, caller }, { query }) => menuRows(tx, caller, query.isEE === undefined ? undefined : query.isEE === 'true')),

  route(P.menuArrange, async ({ tx, caller }, { body }) => {
    const all = await loadMenu(tx, caller.entrepriseId);
    const byId = new Map(all.map((m) => [m.id, { ...m }]));
    for (const it of body.items) {
      const row = byId.get(it.id);
      if (!row) throw notFound('Élément de menu introuvable.');
      if (it.parentId !== null && !byId.has(it.parentId)) throw notFound('Élément parent introuvable.');
      Object.assign(row, { parentId: it.parentId, idx: it.idx, ...(it.hidden !== undefined ? { hidden: it.hidden } : {}) });
    }
    for (const it of body.items) {
      const chain = chainOf(it.id, byId);
      if (byId.get(chain[chain.length - 1])?.parentId !== null) {
        throw new AppError('VALIDATION', 'Un élément ne peut pas être placé sous lui-même.', [
          { champ: 'items', message: `cycle sur ${it.id}` },
        ]);
      }
    }
    // Moving an item changes what it inherits: the permission screen may not leave everyone's reach.
    await keepingAPermissionManager(tx, caller.entrepriseId, async () => {
      for (const it of body.items) {
        await tx
          .update(menuItem)
          .set({ parentId: it.parentId, idx: it.idx, ...(it.hidden !== undefined ? { hidden: it.hidden } : {}) })
          .where(and(eq(menuItem.id, it.id), eq(menuItem.entrepriseId, caller.entrepriseId)));
      }
    });
    await bumpPermissionVersion(tx, caller.entrepriseId);
    return menuRows(tx, caller);
  }),

  route(P.list, async ({ tx, caller }, { query }) =>
    listPermissions(tx, caller.entrepriseId, { ...query, isEE: query.isEE === undefined ? undefined : query.isEE === 'true' }),
  ),

  route(P.create, async ({ tx, caller, deps }, { body }) => {
    await assertTargets({ tx, caller, deps }, [body], () => 'itemId');
    const upsert = () => upsertPermission(tx, caller.entrepriseId, body);
    const saved = body.type === 'menuItem' ? await keepingAPermissionManager(tx, caller.entrepriseId, upsert) : await upsert();
    await bumpPermissionVersion(tx, caller.entrepriseId);
    return saved;
  }),

  route(P.bulkCreate, async ({ tx, caller, deps }, { body }) => {
    await assertTargets({ tx, caller, deps }, body.permissions, (i) => `permissions.${i}.itemId`);
    const upsertAll = async () => {
      const out = [];
      for (const e of body.permissions) out.push(await upsertPermission(tx, caller.entrepriseId, e));
      return out;
    };
    const out = body.permissions.some((e) => e.type === 'menuItem')
      ? await keepingAPermissionManager(tx, caller.entrepriseId, upsertAll)
      : await upsertAll();
    await bumpPermissionVersion(tx, caller.entrepriseId);
    return out;
  }),

  route(P.update, async ({ tx, caller }, { body }) => {
    const saved = await keepingAPermissionManager(tx, caller.entrepriseId, () =>
      updatePermission(tx, caller.entrepriseId, body.id, {
        ...(body.permissions ? { permissions: body.permissions } : {}),
        ...(body.conditions ? { conditions: body.conditions } : {}),
      }),
    );
    if (!saved) throw notFound('Permission introuvable.');
    await bumpPermissionVersion(tx, caller.entrepriseId);
    return saved;
  }),

  route(P.arrange, async ({ tx, caller }, { body }) => {
    if (!(await arrangeRows(tx, 'permission', caller.entrepriseId, [...new Set(body.ids)]))) throw notFound('Permission introuvable.');
    return { message: 'Ordre enregistré avec succès.' };
  }),

  route(P.delete, async ({ tx, caller }, { params }) => {
    if (!(await keepingAPermissionManager(tx, caller.entrepriseId, () => deletePermission(tx, caller.entrepriseId, params.id)))) {
      throw notFound('Permission introuvable.');
    }
    await bumpPermissionVersion(tx, caller.entrepriseId);
    return { message: 'Permission supprimée avec succès.', id: params.id };
  }),

  route(P.equipmentCreate, async ({ tx, caller }, { body }) => {
    const [row] = await tx
      .insert(equipmentPermission)
      .values({
        entrepriseId: caller.entrepriseId,
        equipementId: body.equipementId,
        profilModeleId: body.profilId ?? null,
        utilisateurId: body.utilisateurId ?? null,
        isEe: body.isEE,
        permissions: body.permissions,
      })
      .returning();
    await bumpPermissionVersion(tx, caller.entrepriseId);
    return presentEq(row);
  }),

  route(P.equipmentList, async ({ tx, caller }, { query }) => {
    const rows = await tx
      .select()
      .from(equipmentPermission)
      .where(
        and(
          eq(equipmentPermission.entrepriseId, caller.entrepriseId),
          query.isEE === undefined ? undefined : eq(equipmentPermission.isEe, query.isEE === 'true'),
        ),
      )
      .orderBy(equipmentPermission.idx, equipmentPermission.id);
    return rows.map(presentEq);
  }),

  route(P.equipmentUpdate, async ({ tx, caller }, { body }) => {
    const [row] = await tx
      .update(equipmentPermission)
      .set({ permissions: body.permissions })
      .where(and(eq(equipmentPermission.id, body.id), eq(equipmentPermission.entrepriseId, caller.entrepriseId)))
      .returning();
    if (!row) throw notFound('Permission introuvable.');
    await bumpPermissionVersion(tx, caller.entrepriseId);
    return presentEq(row);
  }),

  route(P.equipmentArrange, async ({ tx, caller }, { body }) => {
    if (!(await arrangeRows(tx, 'equipment_permission', caller.entrepriseId, [...new Set(body.ids)])))
      throw notFound('Permission introuvable.');
    return { message: 'Ordre enregistré avec succès.' };
  }),

  route(P.controls, async () => CONTROLS.map((c) => ({ ...c }))),
  route(P.typePermissionModels, async () => FUNCTION_ITEMS.map((f) => ({ ...f }))),
];

import { API, CONTROLS, FUNCTION_ITEMS } from '@app/contracts';
import { notFound } from '../../platform/http/errors.ts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { listEquipmentPermissions } from './equipment-permission.repository.ts';
import { presentEquipmentPermission, presentMenu, presentPermission } from './permission.presenter.ts';
import { arrangeRows, listPermissions, loadMenu } from './permission.repository.ts';
import { arrangeMenu } from './use-cases/arrange-menu.ts';
import { bulkCreatePermissions } from './use-cases/bulk-create-permissions.ts';
import { createEquipmentPermission } from './use-cases/create-equipment-permission.ts';
import { deletePermission } from './use-cases/delete-permission.ts';
import { savePermission } from './use-cases/save-permission.ts';
import { updateEquipmentPermission } from './use-cases/update-equipment-permission.ts';
import { updatePermission } from './use-cases/update-permission.ts';

const P = API.permission;
const isEEOf = (v: 'true' | 'false' | undefined) => (v === undefined ? undefined : v === 'true');

export const permissionRoutes: RouteDef[] = [
  route(P.menu, async ({ tx, caller }, { query }) => presentMenu(await loadMenu(tx, caller.entrepriseId), caller, isEEOf(query.isEE))),

  route(P.menuArrange, async (ctx, { body }) => {
    await arrangeMenu(ctx, body.items);
    return presentMenu(await loadMenu(ctx.tx, ctx.caller.entrepriseId), ctx.caller);
  }),

  route(P.list, async ({ tx, caller }, { query }) =>
    (await listPermissions(tx, caller.entrepriseId, { ...query, isEE: isEEOf(query.isEE) })).map(presentPermission),
  ),

  route(P.create, async (ctx, { body }) => presentPermission(await savePermission(ctx, body))),

  route(P.bulkCreate, async (ctx, { body }) => (await bulkCreatePermissions(ctx, body.permissions)).map(presentPermission)),

  route(P.update, async (ctx, { body }) => presentPermission(await updatePermission(ctx, body))),

  route(P.arrange, async ({ tx, caller }, { body }) => {
    if (!(await arrangeRows(tx, 'permission', caller.entrepriseId, [...new Set(body.ids)]))) throw notFound('Permission introuvable.');
    return { message: 'Ordre enregistré avec succès.' };
  }),

  route(P.delete, async (ctx, { params }) => {
    await deletePermission(ctx, params.id);
    return { message: 'Permission supprimée avec succès.', id: params.id };
  }),

  route(P.equipmentCreate, async (ctx, { body }) => presentEquipmentPermission(await createEquipmentPermission(ctx, body))),

  route(P.equipmentList, async ({ tx, caller }, { query }) =>
    (await listEquipmentPermissions(tx, caller.entrepriseId, isEEOf(query.isEE))).map(presentEquipmentPermission),
  ),

  route(P.equipmentUpdate, async (ctx, { body }) => presentEquipmentPermission(await updateEquipmentPermission(ctx, body))),

  route(P.equipmentArrange, async ({ tx, caller }, { body }) => {
    if (!(await arrangeRows(tx, 'equipment_permission', caller.entrepriseId, [...new Set(body.ids)])))
      throw notFound('Permission introuvable.');
    return { message: 'Ordre enregistré avec succès.' };
  }),

  route(P.controls, async () => CONTROLS.map((c) => ({ ...c }))),
  route(P.typePermissionModels, async () => FUNCTION_ITEMS.map((f) => ({ ...f }))),
];

import { z } from 'zod';
import { accessOn, BODY_LIMITS, endpoint } from '../common/endpoint.ts';
import { IdParams, IdsBody, Ok } from '../common/schemas.ts';
import {
  CONTROLS,
  EquipmentPermission,
  EquipmentPermissionCreate,
  EquipmentPermissionUpdate,
  FUNCTION_ITEMS,
  MenuArrange,
  MenuItemRow,
  Permission,
  PermissionBulk,
  PermissionCreate,
  PermissionQuery,
  PermissionUpdate,
  PERMISSION_TYPES,
} from './permission.schema.ts';

const tag = 'Permissions';
const { read, create, update } = accessOn('Permission');

export const permissionEndpoints = {
  menu: endpoint({
    method: 'GET',
    path: '/api/v2/menu/get',
    summary: "Menu de l'entreprise (arbre par parentId, ordonné par idx), avec les droits de l'appelant sur chaque entrée",
    tag,
    query: z.object({ isEE: z.enum(['true', 'false']).optional() }),
    response: z.array(MenuItemRow),
    access: { kind: 'ability', action: 'read', subject: 'MenuItem' },
  }),
  menuArrange: endpoint({
    method: 'PUT',
    path: '/api/v2/menu/arrange',
    summary: 'Réordonner, déplacer, masquer ou afficher des entrées du menu',
    tag,
    body: MenuArrange,
    response: z.array(MenuItemRow),
    access: { kind: 'ability', action: 'update', subject: 'MenuItem' },
  }),
  list: endpoint({ method: 'GET', path: '/api/v2/permission/get', summary: 'Entrées de permission (par type, profil, utilisateur, EE)', tag, query: PermissionQuery, response: z.array(Permission), access: read }),
  create: endpoint({ method: 'POST', path: '/api/v2/permission/create', summary: 'Créer (ou remplacer) une entrée de permission', tag, body: PermissionCreate, response: Permission, access: create }),
  bulkCreate: endpoint({ method: 'POST', path: '/api/v2/permission/bulk_create', summary: "Créer ou remplacer plusieurs entrées d'un coup (application groupée)", tag, body: PermissionBulk, bodyLimit: BODY_LIMITS.bulk, response: z.array(Permission), access: create }),
  update: endpoint({ method: 'PUT', path: '/api/v2/permission/update', summary: 'Modifier les droits ou conditions d’une entrée', tag, body: PermissionUpdate, response: Permission, access: update }),
  arrange: endpoint({ method: 'PUT', path: '/api/v2/permission/arrange', summary: 'Ordonner les entrées', tag, body: IdsBody, response: Ok, access: update }),
  delete: endpoint({ method: 'DELETE', path: '/api/v2/permission/delete/{id}', summary: "Supprimer une entrée (retour à l'héritage)", tag, params: IdParams, response: Ok, access: { kind: 'ability', action: 'delete', subject: 'Permission' } }),
  equipmentCreate: endpoint({ method: 'POST', path: '/api/v2/equipment_permission/create', summary: 'Créer une permission sur les équipements', tag, body: EquipmentPermissionCreate, response: EquipmentPermission, access: create }),
  equipmentList: endpoint({ method: 'GET', path: '/api/v2/equipment_permission/get', summary: 'Permissions sur les équipements (isEE : entreprises extérieures)', tag, query: z.object({ isEE: z.enum(['true', 'false']).optional() }), response: z.array(EquipmentPermission), access: read }),
  equipmentUpdate: endpoint({ method: 'PUT', path: '/api/v2/equipment_permission/update', summary: 'Modifier une permission sur les équipements', tag, body: EquipmentPermissionUpdate, response: EquipmentPermission, access: update }),
  equipmentArrange: endpoint({ method: 'PUT', path: '/api/v2/equipment_permission/arrange', summary: 'Ordonner les permissions sur les équipements', tag, body: IdsBody, response: Ok, access: update }),
  controls: endpoint({
    method: 'GET',
    path: '/api/v2/control/get',
    summary: 'Les contrôles CRUD (gérer, créer, consulter, modifier, supprimer) et leurs libellés',
    tag,
    response: z.array(z.object({ code: z.enum(['manage', 'create', 'read', 'update', 'delete']), libelle: z.string() })),
    access: read,
  }),
  typePermissionModels: endpoint({
    method: 'GET',
    path: '/api/v2/type_permission_model/get',
    summary: 'Les éléments fonctionnels qui portent des permissions',
    tag,
    response: z.array(z.object({ code: z.string(), libelle: z.string(), type: z.enum(PERMISSION_TYPES) })),
    access: read,
  }),
};

export { CONTROLS, FUNCTION_ITEMS };

import { expect } from 'vitest';
import type { Actor, TestApp } from '../harness.ts';
import { matrixRows } from './kit.ts';

/** The id of a menu item of the caller's company, by its slug. */
export const menuId = async (t: TestApp, slug: string, as: Actor = 'acmeAdmin') => {
  const r = await t.req(as, 'GET', '/api/v2/menu/get');
  return (r.json() as { id: number; slug: string }[]).find((m) => m.slug === slug)?.id as number;
};
const mkPermission = async (t: TestApp) => {
  const r = await t.req('acmeAdmin', 'POST', '/api/v2/permission/create', {
    type: 'menuItem',
    itemId: await menuId(t, 'services'),
    profilId: 6,
    permissions: { read: true },
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().id as number;
};
const mkEqPermission = async (t: TestApp) => {
  const r = await t.req('acmeAdmin', 'POST', '/api/v2/equipment_permission/create', { profilId: 4, permissions: { read: true } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().id as number;
};

export const rows = matrixRows({
  permission: {
    menu: {
      // Reads follow rights (ticket 12): the technician has no Menu nor Permissions entry.
      forbidden: { as: 'acmeTechnicien' },
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/v2/menu/get' }),
        check: (j) => expect(j.map((m: any) => m.slug)).toEqual(expect.arrayContaining(['utilisateurs', 'mes-consignations', 'permis-ee'])),
      },
      other: { as: 'betaAdmin', unseen: { kind: 'menuItem' }, check: (j) => expect(j.length).toBeGreaterThan(0) },
      bad: () => ({ url: '/api/v2/menu/get?isEE=peut-etre' }),
    },
    menuArrange: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/menu/arrange',
          body: { items: [{ id: await menuId(t, 'profils'), parentId: await menuId(t, 'administration'), idx: 9, hidden: false }] },
        }),
      },
      bad: async (t) => ({
        url: '/api/v2/menu/arrange',
        body: { items: [{ id: await menuId(t, 'administration'), parentId: await menuId(t, 'utilisateurs'), idx: 0 }] },
      }),
    },
    list: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/v2/permission/get?type=menuItem&profilId=4' }),
        check: (j) => expect(j.length).toBeGreaterThan(0),
      },
      other: [
        { unseen: { kind: 'permission' }, check: (j) => expect(j.length).toBeGreaterThan(0) },
        { call: (t) => ({ url: `/api/v2/permission/get?type=menuItem&utilisateurId=${t.ids.user.acmeTechnicien}` }) },
      ],
      bad: () => ({ url: '/api/v2/permission/get?type=inconnu' }),
    },
    create: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/permission/create',
          body: {
            type: 'menuItem',
            itemId: await menuId(t, 'services'),
            utilisateurId: t.ids.user.acmeTechnicien,
            permissions: { read: true },
          },
        }),
      },
      bad: async (t) => ({
        url: '/api/v2/permission/create',
        body: { type: 'menuItem', itemId: await menuId(t, 'services'), permissions: { read: true } },
      }),
    },
    bulkCreate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/permission/bulk_create',
          body: {
            permissions: [
              { type: 'menuItem', itemId: await menuId(t, 'profils'), profilId: 6, permissions: { read: true } },
              { type: 'menuItem', itemId: await menuId(t, 'services'), profilId: 6, permissions: { read: true } },
            ],
          },
        }),
        check: (j) => expect(j).toHaveLength(2),
      },
      bad: () => ({ url: '/api/v2/permission/bulk_create', body: { permissions: [] } }),
    },
    update: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/permission/update',
          body: { id: await mkPermission(t), permissions: { read: true, update: false } },
        }),
      },
      bad: () => ({ url: '/api/v2/permission/update', body: { id: 1, permissions: { read: 'oui' } } }),
    },
    arrange: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: '/api/v2/permission/arrange', body: { ids: [await mkPermission(t)] } }) },
      bad: () => ({ url: '/api/v2/permission/arrange', body: { ids: [0] } }),
    },
    delete: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/permission/delete/${await mkPermission(t)}` }) },
      bad: () => ({ url: '/api/v2/permission/delete/x' }),
    },
    equipmentCreate: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({
          url: '/api/v2/equipment_permission/create',
          body: { equipementId: 12, profilId: 4, isEE: false, permissions: { read: true, update: true } },
        }),
      },
      // An entry for one of Acme's people.
      other: {
        call: (t) => ({
          url: '/api/v2/equipment_permission/create',
          body: { utilisateurId: t.ids.user.acmeTechnicien, permissions: { read: true } },
        }),
      },
      bad: () => ({ url: '/api/v2/equipment_permission/create', body: { profilId: 4, utilisateurId: 3, permissions: {} } }),
    },
    equipmentList: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          await mkEqPermission(t);
          return { url: '/api/v2/equipment_permission/get?isEE=false' };
        },
        check: (j) => expect(j.length).toBeGreaterThan(0),
      },
      other: { as: 'betaAdmin', unseen: { kind: 'equipmentPermission' }, check: (j) => expect(j).toEqual([]) },
      bad: () => ({ url: '/api/v2/equipment_permission/get?isEE=2' }),
    },
    equipmentUpdate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/equipment_permission/update',
          body: { id: await mkEqPermission(t), permissions: { read: true } },
        }),
      },
      bad: () => ({ url: '/api/v2/equipment_permission/update', body: { id: 1 } }),
    },
    equipmentArrange: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/equipment_permission/arrange', body: { ids: [await mkEqPermission(t)] } }),
      },
      bad: () => ({ url: '/api/v2/equipment_permission/arrange', body: {} }),
    },
    controls: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/v2/control/get' }),
        check: (j) => expect(j.map((c: any) => c.code)).toEqual(['manage', 'create', 'read', 'update', 'delete']),
      },
    },
    typePermissionModels: {
      ok: { as: 'acmeAdmin', call: () => ({ url: '/api/v2/type_permission_model/get' }), check: (j) => expect(j).toHaveLength(11) },
    },
  },
});

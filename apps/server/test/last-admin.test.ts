import { permissionManagers } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionModelOf } from '../src/modules/permission/permission.repository.ts';
import { withTenant } from '../src/platform/db/tenant.ts';
import { type Actor, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const PROFIL = { admin: 2, utilisateur: 6 } as const;

const itemId = async (slug: string) =>
  ((await t.req('acmeAdmin', 'GET', '/api/v2/menu/get')).json() as { id: number; slug: string }[]).find((m) => m.slug === slug)
    ?.id as number;

/** Who may manage Acme's permissions, as the rule computes it from the database. */
const managers = () =>
  withTenant(t.server.database.db, t.ids.acme, async (tx) => {
    const { model, members } = await permissionModelOf(tx, t.ids.acme);
    return permissionManagers(model, members).sort((a, b) => a - b);
  });

/** Upserts one menu-item entry as an actor. */
const entry = (
  as: Actor,
  slug: string,
  holder: { profilId?: number; utilisateurId?: number },
  permissions: Record<string, boolean | null>,
) => itemId(slug).then((id) => t.req(as, 'POST', '/api/v2/permission/create', { type: 'menuItem', itemId: id, ...holder, permissions }));

const ok = (r: LightMyRequestResponse) => expect(r.statusCode, r.body).toBe(200);

function expectRefused(r: LightMyRequestResponse) {
  expect(r.statusCode, r.body).toBe(409);
  expect(r.json()).toMatchObject({
    code: 'CONFLICT',
    message: expect.stringMatching(/plus personne .* ne pourrait gérer les permissions/),
  });
}

/** The admin profile's entry on the administration folder (its rights reach the permission screen by inheritance). */
async function adminFolderEntry(): Promise<number> {
  const folder = await itemId('administration');
  const rows = (await t.req('acmeAdmin', 'GET', `/api/v2/permission/get?type=menuItem&profilId=${PROFIL.admin}`)).json() as {
    id: number;
    itemId: number;
  }[];
  return rows.find((e) => e.itemId === folder)?.id as number;
}

type Call = { as: Actor; method: string; url: string; body?: unknown };
const WRITES: [string, () => Promise<Call>][] = [
  [
    'permission/create: the admin profile refused on the permission screen',
    async () => ({
      as: 'acmeAdmin',
      method: 'POST',
      url: '/api/v2/permission/create',
      body: { type: 'menuItem', itemId: await itemId('permissions'), profilId: PROFIL.admin, permissions: { manage: false } },
    }),
  ],
  [
    'permission/create: her own entry refusing to read them',
    async () => ({
      as: 'acmeAdmin',
      method: 'POST',
      url: '/api/v2/permission/create',
      body: { type: 'menuItem', itemId: await itemId('permissions'), utilisateurId: t.ids.user.acmeAdmin, permissions: { read: false } },
    }),
  ],
  [
    'permission/bulk_create: the admin profile refused update on the administration folder',
    async () => ({
      as: 'acmeAdmin',
      method: 'POST',
      url: '/api/v2/permission/bulk_create',
      body: {
        permissions: [
          { type: 'menuItem', itemId: await itemId('services'), profilId: PROFIL.utilisateur, permissions: { read: true } },
          {
            type: 'menuItem',
            itemId: await itemId('administration'),
            profilId: PROFIL.admin,
            permissions: { manage: true, update: false },
          },
        ],
      },
    }),
  ],
  [
    'permission/update: the admin profile’s folder entry emptied',
    async () => ({
      as: 'acmeAdmin',
      method: 'PUT',
      url: '/api/v2/permission/update',
      body: { id: await adminFolderEntry(), permissions: { manage: false } },
    }),
  ],
  [
    'permission/delete: the admin profile’s folder entry',
    async () => ({ as: 'acmeAdmin', method: 'DELETE', url: `/api/v2/permission/delete/${await adminFolderEntry()}` }),
  ],
  [
    'menu/arrange: the permission screen moved out of the administration folder',
    async () => ({
      as: 'acmeAdmin',
      method: 'PUT',
      url: '/api/v2/menu/arrange',
      body: { items: [{ id: await itemId('permissions'), parentId: null, idx: 20 }] },
    }),
  ],
  [
    'utilisateur/update: the last admin made a plain user',
    async () => ({
      as: 'acmeResponsable',
      method: 'PUT',
      url: '/api/v2/utilisateur/update',
      body: { id: t.ids.user.acmeAdmin, profilId: PROFIL.utilisateur, profilIds: [PROFIL.utilisateur] },
    }),
  ],
  [
    'utilisateur/update: the last admin disabled',
    async () => ({
      as: 'acmeResponsable',
      method: 'PUT',
      url: '/api/v2/utilisateur/update',
      body: { id: t.ids.user.acmeAdmin, enable: false },
    }),
  ],
  [
    'utilisateur deactivate: the last admin',
    async () => ({ as: 'acmeResponsable', method: 'DELETE', url: `/api/utilisateur/${t.ids.user.acmeAdmin}/active` }),
  ],
  [
    'utilisateur delete_complete: the last admin',
    async () => ({
      as: 'acmeResponsable',
      method: 'POST',
      url: '/api/utilisateur/delete_complete',
      body: { user_id: t.ids.user.acmeAdmin },
    }),
  ],
];

describe('no lock-out of the last admin', () => {
  it('starts with one person able to manage Acme’s permissions: its admin', async () => {
    expect(await managers()).toEqual([t.ids.user.acmeAdmin]);
    // Bruno gets the admin profile (an admin may change another admin's account) but is refused the permission
    // screen by an entry of his own: Alice stays the only one able to manage permissions.
    const bruno = t.ids.user.acmeResponsable;
    ok(await entry('acmeAdmin', 'permissions', { utilisateurId: bruno }, { manage: false }));
    ok(await t.req('acmeAdmin', 'PUT', '/api/v2/utilisateur/update', { id: bruno, profilId: PROFIL.admin, profilIds: [PROFIL.admin] }));
    expect(await managers()).toEqual([t.ids.user.acmeAdmin]);
  });

  it.each(WRITES)('refuses %s with a French 409, nothing written', async (_label, build) => {
    const c = await build();
    expectRefused(await t.req(c.as, c.method, c.url, c.body));
    expect(await managers()).toEqual([t.ids.user.acmeAdmin]);
    expect((await t.req('acmeAdmin', 'GET', '/api/v2/permission/get')).statusCode).toBe(200);
  });

  it('accepts the same changes when another person can still manage permissions', async () => {
    const { acmeAdmin: alice, acmeResponsable: bruno } = t.ids.user;
    ok(await entry('acmeAdmin', 'permissions', { utilisateurId: bruno }, { manage: true }));
    expect(await managers()).toEqual([alice, bruno]);
    // The admin profile refused: Bruno remains, and gives it back.
    ok(await entry('acmeAdmin', 'permissions', { profilId: PROFIL.admin }, { manage: false }));
    expect(await managers()).toEqual([bruno]);
    ok(await entry('acmeResponsable', 'permissions', { profilId: PROFIL.admin }, { manage: null }));
    expect(await managers()).toEqual([alice, bruno]);
    // Alice disabled, then enabled again.
    ok(await t.req('acmeResponsable', 'DELETE', `/api/utilisateur/${alice}/active`));
    expect(await managers()).toEqual([bruno]);
    ok(await t.req('acmeResponsable', 'POST', `/api/utilisateur/${alice}/active`));
    t.forget('acmeAdmin');
    expect(await managers()).toEqual([alice, bruno]);
    // Bruno's right withdrawn again: Alice remains.
    ok(await entry('acmeAdmin', 'permissions', { utilisateurId: bruno }, { manage: false }));
    expect(await managers()).toEqual([alice]);
  });

  it('lets only one of two managers removing each other at the same time succeed', async () => {
    const { acmeAdmin: alice, acmeResponsable: bruno } = t.ids.user;
    const perms = await itemId('permissions');
    for (let round = 0; round < 4; round++) {
      ok(await entry('acmeAdmin', 'permissions', { utilisateurId: bruno }, { manage: true }));
      expect(await managers()).toEqual([alice, bruno]);
      const entries = (await t.req('acmeAdmin', 'GET', `/api/v2/permission/get?type=menuItem&utilisateurId=${bruno}`)).json() as {
        id: number;
        itemId: number;
      }[];
      const brunos = entries.find((e) => e.itemId === perms)?.id as number;
      // Two different write paths, neither of which takes any other lock: Alice withdraws Bruno's right while Bruno
      // disables Alice.
      const [byAlice, byBruno] = await Promise.all([
        t.req('acmeAdmin', 'PUT', '/api/v2/permission/update', { id: brunos, permissions: { manage: false } }),
        t.req('acmeResponsable', 'DELETE', `/api/utilisateur/${alice}/active`),
      ]);
      const bodies = `${byAlice.statusCode} ${byAlice.body} / ${byBruno.statusCode} ${byBruno.body}`;
      expect(
        [byAlice.statusCode, byBruno.statusCode].filter((s) => s === 200),
        bodies,
      ).toHaveLength(1);
      if (byAlice.statusCode === 200) {
        // Bruno keeps the right to disable people (admin profile), so the rule itself refuses him.
        expectRefused(byBruno);
        expect(await managers()).toEqual([alice]);
      } else {
        // Alice's request is refused by the rule, or, when it began after Bruno's committed, her session is gone.
        expect([401, 409], bodies).toContain(byAlice.statusCode);
        if (byAlice.statusCode === 409) expectRefused(byAlice);
        expect(await managers()).toEqual([bruno]);
        ok(await t.req('acmeResponsable', 'POST', `/api/utilisateur/${alice}/active`));
        t.forget('acmeAdmin');
      }
    }
    ok(await entry('acmeAdmin', 'permissions', { utilisateurId: bruno }, { manage: false }));
    expect(await managers()).toEqual([alice]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entreprise } from '../src/modules/entreprise/entreprise.tables.ts';
import { grantCreatorAdmin } from '../src/modules/permission/index.ts';
import { processModele } from '../src/modules/workflow/workflow.tables.ts';
import type { Caller } from '../src/platform/auth/caller.ts';
import { withSystem, withTenant } from '../src/platform/db/tenant.ts';
import { type Actor, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const PROFIL = { admin: 2, responsable: 4, utilisateur: 6 } as const;
const menu = async (as: Actor = 'acmeAdmin') =>
  (await t.req(as, 'GET', '/api/v2/menu/get')).json() as { id: number; slug: string; isEE: boolean }[];
const itemId = async (slug: string) => (await menu()).find((m) => m.slug === slug)?.id as number;
const grant = async (slug: string, holder: { profilId?: number; utilisateurId?: number }, permissions: Record<string, boolean | null>) => {
  const r = await t.req('acmeAdmin', 'POST', '/api/v2/permission/bulk_create', {
    permissions: [{ type: 'menuItem', itemId: await itemId(slug), ...holder, permissions }],
  });
  expect(r.statusCode, r.body).toBe(200);
};
const slugsOf = async (as: Actor) =>
  ((await t.req(as, 'GET', '/api/getConnectedUser')).json().menuItems as { slug: string }[]).map((m) => m.slug);

// Every write route governed by the "utilisateurs" menu item, with the action it needs.
const USER_WRITES: [string, 'create' | 'update' | 'delete', (tt: TestApp) => Promise<{ method: string; url: string; body?: unknown }>][] = [
  [
    'create a user',
    'create',
    async () => ({
      method: 'POST',
      url: '/api/v2/utilisateur/create',
      body: { nom: 'N', prenom: `P${Math.random()}`, mail: `n${Math.floor(Math.random() * 1e9)}@acme.test`, profilId: PROFIL.utilisateur },
    }),
  ],
  [
    'edit a user',
    'update',
    async (tt) => ({
      method: 'PUT',
      url: '/api/v2/utilisateur/update',
      body: { id: tt.ids.user.acmeTechnicien, fonction: `F${Math.random()}` },
    }),
  ],
  ['activate a user', 'update', async (tt) => ({ method: 'POST', url: `/api/utilisateur/${tt.ids.user.acmeTechnicien}/active` })],
  ['deactivate a user', 'update', async (tt) => ({ method: 'DELETE', url: `/api/utilisateur/${await newUser(tt)}/active` })],
  [
    'delete a user',
    'delete',
    async (tt) => ({ method: 'POST', url: '/api/utilisateur/delete_complete', body: { user_id: await newUser(tt) } }),
  ],
];
async function newUser(tt: TestApp) {
  const r = await tt.req('acmeAdmin', 'POST', '/api/v2/utilisateur/create', {
    nom: 'Cible',
    prenom: 'X',
    mail: `c${Math.floor(Math.random() * 1e9)}@acme.test`,
    profilId: PROFIL.utilisateur,
  });
  return r.json().id as number;
}

describe('a profile without a right gets 403 from every write route of the item; with it, success', () => {
  it.each(USER_WRITES)('%s (needs %s)', async (_label, action, build) => {
    await grant('utilisateurs', { profilId: PROFIL.responsable }, { read: true, create: false, update: false, delete: false });
    const refused = await build(t);
    const r1 = await t.req('acmeResponsable', refused.method, refused.url, refused.body);
    expect(r1.statusCode, r1.body).toBe(403);
    await grant('utilisateurs', { profilId: PROFIL.responsable }, { read: true, [action]: true });
    const allowed = await build(t);
    const r2 = await t.req('acmeResponsable', allowed.method, allowed.url, allowed.body);
    expect(r2.statusCode, r2.body).toBe(200);
    await grant('utilisateurs', { profilId: PROFIL.responsable }, { read: true, update: true });
  });

  it.each([
    ['services', 'POST', '/api/v2/service_modele/create', { libelle: 'Nouveau' }],
    ['parametres', 'POST', '/api/entreprise_setting/update/entreprise', { setting: { timezone: 'Europe/Paris' } }],
    ['permissions', 'GET', '/api/v2/permission/get', undefined],
    ['menu', 'PUT', '/api/v2/menu/arrange', 'menu'],
  ] as const)('the %s item governs %s %s', async (slug, method, url, body) => {
    const payload = body === 'menu' ? { items: [{ id: await itemId('profils'), parentId: await itemId('administration'), idx: 9 }] } : body;
    expect((await t.req('acmeResponsable', method, url, payload)).statusCode).toBe(403);
    await grant(slug, { profilId: PROFIL.responsable }, { manage: true });
    const r = await t.req('acmeResponsable', method, url, payload);
    expect(r.statusCode, r.body).toBe(200);
    await grant(slug, { profilId: PROFIL.responsable }, { manage: null });
  });
});

describe('inheritance, overrides and the menu', () => {
  const LISTS = ['mes-consignations', 'permis', 'mon-pdp', 'mes-ouvrages', 'mes-releves', 'ma-maintenance', 'stocks', 'mes-habilitations'];
  it('shows a plain user exactly the items they may read', async () => {
    expect(await slugsOf('acmeTechnicien')).toEqual([
      'accueil',
      'processus',
      ...LISTS,
      'tableaux',
      'equipements',
      'saisie-releves',
      'titres-habilitation',
      'evaluations',
      'registre-consignations',
    ]);
    await grant('services', { profilId: PROFIL.utilisateur }, { read: true });
    expect(await slugsOf('acmeTechnicien')).toEqual([
      'accueil',
      'processus',
      ...LISTS,
      'tableaux',
      'equipements',
      'saisie-releves',
      'titres-habilitation',
      'evaluations',
      'registre-consignations',
      'administration',
      'services',
    ]);
    const r = await t.req('acmeAdmin', 'PUT', '/api/v2/menu/arrange', {
      items: [{ id: await itemId('services'), parentId: await itemId('administration'), idx: 1, hidden: true }],
    });
    expect(r.statusCode).toBe(200);
    expect(await slugsOf('acmeTechnicien')).toEqual([
      'accueil',
      'processus',
      ...LISTS,
      'tableaux',
      'equipements',
      'saisie-releves',
      'titres-habilitation',
      'evaluations',
      'registre-consignations',
    ]);
    await t.req('acmeAdmin', 'PUT', '/api/v2/menu/arrange', {
      items: [{ id: await itemId('services'), parentId: await itemId('administration'), idx: 1, hidden: false }],
    });
    await grant('services', { profilId: PROFIL.utilisateur }, { read: null });
  });

  it('inherits from the parent item, and a user entry overrides the profile', async () => {
    // Admins manage "administration": they may create services through inheritance.
    expect((await t.req('acmeAdmin', 'POST', '/api/v2/service_modele/create', { libelle: 'Hérité' })).statusCode).toBe(200);
    // A refusal on the child for the admin profile wins over the parent.
    await grant('services', { profilId: PROFIL.admin }, { create: false });
    expect((await t.req('acmeAdmin', 'POST', '/api/v2/service_modele/create', { libelle: 'Refusé' })).statusCode).toBe(403);
    // The person's own entry beats the profile's.
    await grant('administration', { utilisateurId: t.ids.user.acmeAdmin }, { create: true });
    expect((await t.req('acmeAdmin', 'POST', '/api/v2/service_modele/create', { libelle: 'Personnel' })).statusCode).toBe(200);
    await grant('administration', { utilisateurId: t.ids.user.acmeAdmin }, { create: null });
    await grant('services', { profilId: PROFIL.admin }, { create: null });
  });

  it('says on each returned user what the caller may do with it', async () => {
    const rows = (await t.req('acmeResponsable', 'GET', '/api/utilisateurs/get_by_company')).json().items;
    expect(rows[0].abilities).toEqual({ read: true, create: false, update: true, delete: false });
    // Reads follow rights (ticket 12): without the Utilisateurs entry, the list (with e-mails) is refused.
    expect((await t.req('acmeTechnicien', 'GET', '/api/utilisateurs/get_by_company')).statusCode).toBe(403);
  });

  it('keeps EE lists apart: external-company users get the EE menu', async () => {
    const ee = (await t.req('acmeAdmin', 'GET', '/api/v2/menu/get?isEE=true')).json();
    const EE_LISTS = LISTS.map((l) => `${l}-ee`);
    expect(ee.map((m: { slug: string }) => m.slug)).toEqual(['accueil-ee', ...EE_LISTS]);
    const entries = (await t.req('acmeAdmin', 'GET', '/api/v2/permission/get?isEE=true')).json();
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e: { isEE: boolean }) => e.isEE)).toBe(true);
    const gamma = (await t.req('gammaUser', 'GET', '/api/getConnectedUser')).json();
    expect(gamma.menuItemsEE.map((m: { slug: string }) => m.slug)).toEqual(['accueil-ee', ...EE_LISTS]);
    expect(gamma.menuItems.map((m: { slug: string }) => m.slug)).toEqual(['accueil-ee', ...EE_LISTS]);
    const supplierProfiles = (await t.req('acmeAdmin', 'GET', '/api/profil_modele/get_all_ee')).json();
    expect(supplierProfiles.map((p: { code: string }) => p.code)).toEqual(['fournisseur_admin', 'fournisseur_utilisateur']);
  });

  it('lets everyone of a company not on the v2 model manage everything of it', async () => {
    expect((await t.req('acmeTechnicien', 'POST', '/api/v2/service_modele/create', { libelle: 'Ancien modèle' })).statusCode).toBe(403);
    await withSystem(t.server.database.db, 'test', (tx) =>
      tx.update(entreprise).set({ permissionsV2: false, permissionVersion: 999 }).where(eq(entreprise.id, t.ids.acme)),
    );
    expect((await t.req('acmeTechnicien', 'POST', '/api/v2/service_modele/create', { libelle: 'Ancien modèle' })).statusCode).toBe(200);
    expect((await t.req('acmeTechnicien', 'POST', '/api/entreprise/create_entreprise', { nom: 'Non' })).statusCode).toBe(403);
    await withSystem(t.server.database.db, 'test', (tx) =>
      tx.update(entreprise).set({ permissionsV2: true, permissionVersion: 1000 }).where(eq(entreprise.id, t.ids.acme)),
    );
    expect((await t.req('acmeTechnicien', 'POST', '/api/v2/service_modele/create', { libelle: 'Ancien modèle' })).statusCode).toBe(403);
  });
});

describe('creator gets admin', () => {
  it('lets a user allowed to create workflows administer the one they create, not the others', async () => {
    await grant('workflows', { profilId: PROFIL.utilisateur }, { read: true, create: true });
    const mine = await t.req('acmeTechnicien', 'POST', '/api/v2/workflow/create', { libelle: 'Mon permis' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().abilities).toEqual({ read: true, create: true, update: true, delete: true });
    // Same session, no new sign-in: the new rights apply at once.
    expect(
      (await t.req('acmeTechnicien', 'PUT', '/api/v2/workflow/update', { id: mine.json().id, libelle: 'Mon permis de feu' })).statusCode,
    ).toBe(200);
    const other = (await t.req('acmeAdmin', 'GET', '/api/v2/workflow/get_workflows'))
      .json()
      .find((w: { libelle: string }) => w.libelle === 'Consignation électrique');
    expect((await t.req('acmeTechnicien', 'PUT', '/api/v2/workflow/update', { id: other.id, libelle: 'Piraté' })).statusCode).toBe(403);
    await grant('workflows', { profilId: PROFIL.utilisateur }, { read: null, create: null });
  });

  it('gives the creator full rights on the new item, in the same session', async () => {
    const before = (await t.req('acmeTechnicien', 'GET', '/api/getConnectedUser')).json();
    const db = t.server.database.db;
    const id = await withTenant(db, t.ids.acme, async (tx) => {
      const [row] = await tx
        .insert(processModele)
        .values({ entrepriseId: t.ids.acme, libelle: 'Permis de fouille' })
        .returning({ id: processModele.id });
      const caller = { entrepriseId: t.ids.acme, userId: t.ids.user.acmeTechnicien, isSuperAdmin: false, isEE: false } as Caller;
      await grantCreatorAdmin(tx, caller, 'workflow', row.id);
      return row.id;
    });
    const after = (await t.req('acmeTechnicien', 'GET', '/api/getConnectedUser')).json();
    const onItem = (rules: { action: string; subject: string; conditions?: { id?: number } }[]) =>
      rules
        .filter((r) => r.subject === 'ProcessModele' && r.conditions?.id === id)
        .map((r) => r.action)
        .sort();
    expect(onItem(before.rules)).toEqual([]);
    expect(onItem(after.rules)).toEqual(['create', 'delete', 'read', 'update']);
    const entries = (
      await t.req('acmeAdmin', 'GET', `/api/v2/permission/get?type=workflow&utilisateurId=${t.ids.user.acmeTechnicien}`)
    ).json();
    expect(entries).toEqual(expect.arrayContaining([expect.objectContaining({ itemId: id, permissions: { manage: true } })]));
  });
});

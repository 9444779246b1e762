import { LIST_OF_SLUG, MENU_TEMPLATE } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompanyMenu } from '../src/modules/permission/index.ts';
import { withSystem } from '../src/platform/db/tenant.ts';
import { type Actor, startTestApp, type TestApp } from './harness.ts';

// Ticket 12, items 3 and 6: the lists are menu entries (also for companies created before them), and a screen's reads
// follow its menu entry, while the pickers other screens need answer with names only.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const status = async (as: Actor, url: string) => (await t.req(as, 'GET', url)).statusCode;
// The list entries (the lockout register, also a process entry of a software, is not a list).
const LISTS = MENU_TEMPLATE.filter((m) => Object.hasOwn(LIST_OF_SLUG, m.slug));

describe('reads follow rights', () => {
  // [screen read, url, refused to the technician, allowed to the admin]
  const SCREENS: [string, string][] = [
    ['Utilisateurs: the people list, with e-mails', '/api/utilisateurs/get_by_company'],
    ['Paramètres: the company settings', '/api/entreprise_setting/get_all'],
    ['Menu: the menu tree', '/api/v2/menu/get'],
    ['Permissions: the entries', '/api/v2/permission/get?type=menuItem'],
    ['Workflows: the models for edition', '/api/v2/workflow/get_workflows_for_edition'],
  ];
  it.each(SCREENS)('refuses the technician (no menu entry) and serves the admin: %s', async (_, url) => {
    expect(await status('acmeTechnicien', url)).toBe(403);
    expect(await status('acmeAdmin', url)).toBe(200);
  });

  it('serves the pickers of the process form to the technician: names without e-mail or phone', async () => {
    const people = await t.req('acmeTechnicien', 'GET', `/api/utilisateurs/get_utilisateurs/${t.ids.acme}`);
    expect(people.statusCode).toBe(200);
    expect(people.json().length).toBeGreaterThan(1);
    expect(people.body).not.toMatch(/@|mail|telephone/);
    expect(await status('acmeTechnicien', '/api/v2/service_modele/get')).toBe(200);
    expect(await status('acmeTechnicien', '/api/v2/workflow/get_workflows')).toBe(200);
    // One person's full record (e-mail) stays the Utilisateurs screen's.
    expect(await status('acmeTechnicien', `/api/utilisateurs/${t.ids.user.acmeAdmin}`)).toBe(403);
  });

  it('lets the responsable read people (his Utilisateurs entry) but not the settings', async () => {
    expect(await status('acmeResponsable', '/api/utilisateurs/get_by_company')).toBe(200);
    expect(await status('acmeResponsable', '/api/entreprise_setting/get_all')).toBe(403);
  });
});

describe('lists in the menu', () => {
  it('puts every list in the menu of whoever reads processes, and the EE lists in an external user menu', async () => {
    const tech = (await t.req('acmeTechnicien', 'GET', '/api/getConnectedUser')).json();
    const slugs = tech.menuItems.map((m: { slug: string }) => m.slug);
    for (const l of LISTS.filter((x) => !x.isEE)) expect(slugs).toContain(l.slug);
    const mc = tech.menuItems.find((m: { slug: string }) => m.slug === 'mes-consignations');
    expect(mc).toMatchObject({ libelle: 'Mes consignations', logiciel: 'mc' });
    const gamma = (await t.req('gammaUser', 'GET', '/api/getConnectedUser')).json();
    expect(gamma.menuItemsEE.map((m: { slug: string }) => m.slug)).toContain('permis-ee');
  });

  it('adds the entries a company lacks at start, after their template neighbour, with their grants, once', async () => {
    const db = t.server.database.db;
    const acme = t.ids.acme;
    const slugs = LISTS.map((l) => `'${l.slug}'`).join(',');
    // A company created before the lists were menu entries.
    await withSystem(db, 'test: a company menu from before ticket 12', async (tx) => {
      await tx.execute(
        sql.raw(
          `delete from permission where entreprise_id = ${acme} and type = 'menuItem' and item_id in (select id from menu_item where entreprise_id = ${acme} and slug in (${slugs}))`,
        ),
      );
      await tx.execute(sql.raw(`delete from menu_item where entreprise_id = ${acme} and slug in (${slugs})`));
      await tx.execute(sql.raw(`update entreprise set permission_version = permission_version + 1 where id = ${acme}`));
    });
    const before = (await t.req('acmeTechnicien', 'GET', '/api/getConnectedUser')).json();
    // Ticket 13: the registry (« Installation ») and the reading rounds (« Saisie de relevés ») come after the boards.
    expect(before.menuItems.map((m: { slug: string }) => m.slug)).toEqual([
      'accueil',
      'processus',
      'tableaux',
      'equipements',
      'saisie-releves',
      'titres-habilitation',
      'evaluations',
      'registre-consignations',
    ]);

    expect(await withSystem(db, 'test: backfill', (tx) => seedCompanyMenu(tx, acme))).toBe(true);
    expect(await withSystem(db, 'test: backfill again', (tx) => seedCompanyMenu(tx, acme))).toBe(false);

    const after = (await t.req('acmeTechnicien', 'GET', '/api/getConnectedUser')).json();
    expect(after.menuItems.map((m: { slug: string }) => m.slug)).toEqual([
      'accueil',
      'processus',
      ...LISTS.filter((l) => !l.isEE).map((l) => l.slug),
      'tableaux',
      'equipements',
      'saisie-releves',
      'titres-habilitation',
      'evaluations',
      'registre-consignations',
    ]);
    const gamma = (await t.req('gammaUser', 'GET', '/api/getConnectedUser')).json();
    expect(gamma.menuItemsEE.map((m: { slug: string }) => m.slug)).toContain('mon-pdp-ee');
  });
});

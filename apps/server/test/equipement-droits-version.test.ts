import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, startTestApp, type TestApp } from './harness.ts';
import { call, newLockout, sysRows } from './matrix/consignation-fixtures.ts';
import { mkEquipement, setSpecificRights } from './matrix/registre-fixtures.ts';

// Ticket 15, a caller's equipment rights read once per permission version (migration 0034, docs/DECISIONS.md
// « Ticket 15 — les droits d'équipement d'un appelant lus une fois par version des droits »): the entries are kept
// with the caller's computed rights, so every change of them — through the API, straight in the tables, of the
// specific-rights setting — must bump the company's version and show at the very next request; a write rolled back
// changes nothing. What the entries read of the tree (the register's nodes) is kept with them: a node added or a path
// changed bumps the version too (migration 0035), a name changed does not.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t?.close());

const version = async () =>
  Number((await sysRows<{ v: number }>(t, sql`select permission_version as v from entreprise where id = ${t.ids.acme}`))[0].v);

/** Whether an actor may read an equipment (its detail: 200, or 403 outside their rights). */
const reads = async (as: Actor, id: number) => {
  const r = await t.req(as, 'GET', `/api/v2/equipement/get/${id}`);
  expect([200, 403]).toContain(r.statusCode);
  return r.statusCode === 200;
};

describe('equipment rights kept with the caller’s rights', () => {
  let node: number;
  beforeAll(async () => {
    await setSpecificRights(t, t.ids.acme, false);
    node = (await call(t, 'acmeAdmin', 'POST', '/api/v2/equipement/create', { parentId: null, name: 'Poste droits par version' })).id;
    await setSpecificRights(t, t.ids.acme, true);
  });

  it('a grant through the API shows at the next request, and bumps the version', async () => {
    expect(await reads('acmeTechnicien', node)).toBe(false);
    // Asked twice: the second answer comes from the kept entries, the same.
    expect(await reads('acmeTechnicien', node)).toBe(false);
    const before = await version();
    const grant = await call(t, 'acmeAdmin', 'POST', '/api/v2/equipment_permission/create', {
      equipementId: node,
      utilisateurId: t.ids.user.acmeTechnicien,
      isEE: false,
      permissions: { read: true },
    });
    expect(await version()).toBeGreaterThan(before);
    expect(await reads('acmeTechnicien', node)).toBe(true);
    await call(t, 'acmeAdmin', 'PUT', '/api/v2/equipment_permission/update', { id: grant.id, permissions: { read: false } });
    expect(await reads('acmeTechnicien', node)).toBe(false);
  });

  it('an entry written straight in the table (a repair, the demo) shows at the next request', async () => {
    const [row] = await sysRows<{ id: number }>(
      t,
      sql`insert into equipment_permission (entreprise_id, equipement_id, utilisateur_id, is_ee, permissions, idx)
          values (${t.ids.acme}, ${node}, ${t.ids.user.acmeResponsable}, false, '{"read": false}'::jsonb, 9999) returning id`,
    );
    expect(await reads('acmeResponsable', node)).toBe(false);
    await sysRows(t, sql`update equipment_permission set permissions = '{"read": true}'::jsonb where id = ${row.id} returning id`);
    expect(await reads('acmeResponsable', node)).toBe(true);
    await sysRows(t, sql`delete from equipment_permission where id = ${row.id} returning id`);
    // Without his own entry, his profile's entries decide again (the demo's responsable reads every equipment).
    expect(await reads('acmeResponsable', node)).toBe(true);
  });

  it('turning the specific rights off and on shows at the next request; another setting leaves the version', async () => {
    expect(await reads('acmeTechnicien', node)).toBe(false);
    await setSpecificRights(t, t.ids.acme, false);
    expect(await reads('acmeTechnicien', node)).toBe(true);
    const before = await version();
    await sysRows(
      t,
      sql`update entreprise_logiciel set setting = setting || '{"autre": 1}'::jsonb where entreprise_id = ${t.ids.acme} returning id`,
    );
    expect(await version()).toBe(before);
    await setSpecificRights(t, t.ids.acme, true);
    expect(await reads('acmeTechnicien', node)).toBe(false);
  });

  it('a write rolled back changes neither the version nor what the next request reads', async () => {
    const before = await version();
    await expect(
      t.server.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.system', 'on', true)`);
        await tx.execute(sql`insert into equipment_permission (entreprise_id, equipement_id, utilisateur_id, is_ee, permissions, idx)
          values (${t.ids.acme}, ${node}, ${t.ids.user.acmeTechnicien}, false, '{"read": true}'::jsonb, 9998)`);
        throw new Error('annulé');
      }),
    ).rejects.toThrow('annulé');
    expect(await version()).toBe(before);
    expect(await reads('acmeTechnicien', node)).toBe(false);
  });
});

describe('what a caller reads of the tree, kept with their rights', () => {
  let granted: number;
  let away: number;
  let lockout: number;
  const registre = async () =>
    ((await call(t, 'acmeTechnicien', 'GET', '/api/v2/consignation/get_by_paging?perPage=1000')).items as { processId: number }[]).map(
      (r) => r.processId,
    );

  beforeAll(async () => {
    await setSpecificRights(t, t.ids.acme, false);
    const site = await mkEquipement(t, t.ids.acme, { name: 'Site arbre par version' });
    granted = await mkEquipement(t, t.ids.acme, { name: 'Atelier accordé', parentId: site });
    away = await mkEquipement(t, t.ids.acme, { name: 'Atelier non accordé', parentId: site });
    await sysRows(
      t,
      sql`insert into equipment_permission (entreprise_id, equipement_id, utilisateur_id, is_ee, permissions, idx)
          values (${t.ids.acme}, ${granted}, ${t.ids.user.acmeTechnicien}, false, '{"read": true}'::jsonb, 9997) returning id`,
    );
    await setSpecificRights(t, t.ids.acme, true);
  });

  it('a node added under a node read shows its lockouts at the next page, though the page was read before', async () => {
    // Read twice: the second page comes from the nodes kept with the technician's rights.
    const before = await registre();
    expect(await registre()).toEqual(before);
    const version0 = await version();
    // Created through the registry's route: one insert, its path written with it.
    const child = (await call(t, 'acmeAdmin', 'POST', '/api/v2/equipement/create', { parentId: granted, name: 'Cellule ajoutée' }))
      .id as number;
    expect(await version()).toBeGreaterThan(version0);
    lockout = await newLockout(t, { equipement: { id: child, libelle: 'Cellule ajoutée' } }, 'acmeAdmin');
    expect(await registre()).toContain(lockout);

    // Moved under a node he does not read: gone from his next page.
    const version1 = await version();
    await sysRows(
      t,
      sql`update equipement set parent_id = ${away}, path = (select path from equipement where id = ${away}) || id where id = ${child} returning id`,
    );
    expect(await version()).toBeGreaterThan(version1);
    expect(await registre()).not.toContain(lockout);
  });

  it('a name changed, or a node marked deleted, leaves the version (rights follow the path)', async () => {
    const before = await version();
    await sysRows(
      t,
      sql`update equipement set name = 'Atelier non accordé (supprimé)', deleted_at = now() where id = ${away} returning id`,
    );
    expect(await version()).toBe(before);
  });
});

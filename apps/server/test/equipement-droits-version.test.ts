import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, startTestApp, type TestApp } from './harness.ts';
import { call, sysRows } from './matrix/consignation-fixtures.ts';
import { setSpecificRights } from './matrix/registre-fixtures.ts';

// Ticket 15, a caller's equipment rights read once per permission version (migration 0034, docs/DECISIONS.md
// « Ticket 15 — les droits d'équipement d'un appelant lus une fois par version des droits »): the entries are kept
// with the caller's computed rights, so every change of them — through the API, straight in the tables, of the
// specific-rights setting — must bump the company's version and show at the very next request; a write rolled back
// changes nothing.

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

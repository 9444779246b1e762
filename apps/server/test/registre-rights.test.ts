import { type EquipementRightEntry, effectiveRights, MENU_TEMPLATE } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, startTestApp, type TestApp } from './harness.ts';
import { call, consignedLockout, newLockout, sysRows } from './matrix/consignation-fixtures.ts';

// Ticket 15, the lockout register's read rights (docs/DECISIONS.md « Ticket 15 — droits de lecture du registre »):
// the register, its total and the daughters under a mother show what the process lists show the caller (their
// company's processes, under read Process), narrowed by the equipment rights node by node when the company turned its
// specific equipment rights on; an admin keeps everything. On PostgreSQL with the demo data.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t?.close());

const registre = (as: Actor, query = '') => call(t, as, 'GET', `/api/v2/consignation/get_by_paging?perPage=1000${query}`);
const idsOf = (page: { items: { processId: number }[] }) => page.items.map((r) => r.processId);
const node = async (name: string, parentId: number | null) =>
  (await call(t, 'acmeAdmin', 'POST', '/api/v2/equipement/create', { parentId, name })).id as number;
const on = (id: number, libelle: string) => ({ equipement: { id, libelle } });

/** Every lockout of a company with its equipment's path (null: on no equipment of the registry). */
const lockoutsOf = (entrepriseId: number) =>
  sysRows<{ id: number; path: number[] | null }>(
    t,
    sql`select c.process_id as id, e.path from consignation c join process p on p.id = c.process_id
        left join equipement e on e.entreprise_id = c.entreprise_id and (p.equipement ->> 'id') ~ '^[0-9]{1,9}$'
          and e.id = (p.equipement ->> 'id')::int
        where c.entreprise_id = ${entrepriseId}`,
  );

const setSpecificRights = (value: boolean) =>
  sysRows(
    t,
    sql`update entreprise_logiciel set setting = coalesce(setting, '{}'::jsonb) || jsonb_build_object('display',
      coalesce(setting -> 'display', '{}'::jsonb) || jsonb_build_object('equipment', coalesce(setting #> '{display,equipment}', '{}'::jsonb)
        || jsonb_build_object('specificRights', ${value}::boolean)))
      where entreprise_id = ${t.ids.acme} returning id`,
  );

describe('the register follows the reading rights', () => {
  // Site > Atelier lu > Cellule refusée ; Site > Atelier non lu. The technician reads « Atelier lu » but not its cell.
  let site: number;
  let lu: number;
  let refusee: number;
  let nonLu: number;
  const L: Record<'mere' | 'filleLue' | 'filleRefusee' | 'cellule' | 'voisin' | 'sansEquipement', number> = {} as never;
  let entries: EquipementRightEntry[];

  beforeAll(async () => {
    site = await node('Site droits du registre', null);
    lu = await node('Atelier lu', site);
    refusee = await node('Cellule refusée', lu);
    nonLu = await node('Atelier non lu', site);
    // Written before the rights are turned on (the technician names the equipment as anyone then could).
    L.mere = await consignedLockout(t, on(lu, 'Atelier lu'));
    L.filleLue = await newLockout(t, { typeConsignation: 7, parentId: L.mere, ...on(lu, 'Atelier lu') });
    L.filleRefusee = await newLockout(t, { typeConsignation: 7, parentId: L.mere, ...on(refusee, 'Cellule refusée') });
    L.cellule = await newLockout(t, on(refusee, 'Cellule refusée'));
    L.voisin = await newLockout(t, on(nonLu, 'Atelier non lu'));
    L.sansEquipement = await newLockout(t, {});
    entries = [
      { equipementId: lu, rights: { read: true } },
      { equipementId: refusee, rights: { read: false } },
    ];
    await sysRows(
      t,
      sql`insert into equipment_permission (entreprise_id, equipement_id, utilisateur_id, is_ee, permissions) values
        (${t.ids.acme}, ${lu}, ${t.ids.user.acmeTechnicien}, false, '{"read": true}'::jsonb),
        (${t.ids.acme}, ${refusee}, ${t.ids.user.acmeTechnicien}, false, '{"read": false}'::jsonb) returning id`,
    );
  }, 120_000);

  describe('specific equipment rights off', () => {
    it('shows every lockout of the company to whoever reads its processes (the lists’ rule), total included', async () => {
      const all = (await lockoutsOf(t.ids.acme)).map((r) => r.id).sort((a, b) => a - b);
      for (const as of ['acmeTechnicien', 'acmeResponsable', 'acmeAdmin'] as const) {
        const page = await registre(as);
        expect(idsOf(page).sort((a, b) => a - b)).toEqual(all);
        expect(page.total).toBe(all.length);
      }
      const mere = (await registre('acmeTechnicien')).items.find((r: any) => r.processId === L.mere);
      expect(mere.filles.map((f: any) => f.processId).sort()).toEqual([L.filleLue, L.filleRefusee].sort());
    });
  });

  describe('specific equipment rights on', () => {
    beforeAll(async () => {
      expect((await setSpecificRights(true)).length).toBeGreaterThan(0);
    });
    afterAll(async () => {
      await setSpecificRights(false);
    });

    it('hides from the technician the lockouts on equipment he does not read; the total says the same', async () => {
      const page = await registre('acmeTechnicien');
      const ids = idsOf(page);
      expect(ids).toEqual(expect.arrayContaining([L.mere, L.filleLue, L.sansEquipement]));
      for (const hidden of [L.filleRefusee, L.cellule, L.voisin]) expect(ids).not.toContain(hidden);
      // Node by node as effectiveRights decides, on every lockout of the company (the demo's included).
      const expected = (await lockoutsOf(t.ids.acme)).filter((r) => r.path === null || effectiveRights(r.path, entries).read);
      expect(ids.sort((a, b) => a - b)).toEqual(expected.map((r) => r.id).sort((a, b) => a - b));
      expect(page.total).toBe(expected.length);
      expect(page.total).toBeLessThan((await lockoutsOf(t.ids.acme)).length);
    });

    it('a mother lists only the daughters he reads, in the register and on the lockout’s screen', async () => {
      const mere = (await registre('acmeTechnicien')).items.find((r: any) => r.processId === L.mere);
      expect(mere.filles.map((f: any) => f.processId)).toEqual([L.filleLue]);
      const detail = await call(t, 'acmeTechnicien', 'GET', `/api/v2/consignation/get/${L.mere}`);
      expect(detail.filles.map((f: any) => f.processId)).toEqual([L.filleLue]);
      const asAdmin = await call(t, 'acmeAdmin', 'GET', `/api/v2/consignation/get/${L.mere}`);
      expect(asAdmin.filles.map((f: any) => f.processId).sort()).toEqual([L.filleLue, L.filleRefusee].sort());
    });

    it('the filters keep to it: a subtree, a type, a page', async () => {
      const sub = await registre('acmeTechnicien', `&equipementId=${site}`);
      expect(idsOf(sub).sort()).toEqual([L.mere, L.filleLue].sort());
      expect(sub.total).toBe(2);
      const daughters = await registre('acmeTechnicien', '&typeConsignation=7');
      expect(idsOf(daughters)).toContain(L.filleLue);
      expect(idsOf(daughters)).not.toContain(L.filleRefusee);
      const all = await registre('acmeTechnicien');
      const first = await call(t, 'acmeTechnicien', 'GET', '/api/v2/consignation/get_by_paging?perPage=2');
      expect(first.total).toBe(all.total);
      expect(idsOf(first)).toEqual(idsOf(all).slice(0, 2));
    });

    it('a person with no equipment entry sees only the lockouts on no equipment of the registry', async () => {
      const page = await registre('acmeResponsable');
      const expected = (await lockoutsOf(t.ids.acme)).filter((r) => r.path === null);
      expect(idsOf(page).sort((a, b) => a - b)).toEqual(expected.map((r) => r.id).sort((a, b) => a - b));
      expect(page.total).toBe(expected.length);
      expect(idsOf(page)).toContain(L.sansEquipement);
    });

    it('an entry on every equipment less a subtree', async () => {
      await sysRows(
        t,
        sql`insert into equipment_permission (entreprise_id, equipement_id, profil_modele_id, is_ee, permissions)
          select ${t.ids.acme}, x.eq, u.profil_modele_id, false, x.p::jsonb
          from utilisateur u, (values (null::int, '{"read": true}'), (${nonLu}::int, '{"read": false}')) as x(eq, p)
          where u.id = ${t.ids.user.acmeResponsable} returning id`,
      );
      const page = await registre('acmeResponsable');
      expect(idsOf(page)).toEqual(expect.arrayContaining([L.mere, L.filleLue, L.filleRefusee, L.cellule, L.sansEquipement]));
      expect(idsOf(page)).not.toContain(L.voisin);
      expect(page.total).toBe((await lockoutsOf(t.ids.acme)).length - 1);
    });

    it('the admin keeps everything', async () => {
      const page = await registre('acmeAdmin');
      const all = await lockoutsOf(t.ids.acme);
      expect(page.total).toBe(all.length);
      expect(idsOf(page)).toEqual(expect.arrayContaining(Object.values(L)));
    });
  });

  it('another company sees none of them, and its own total', async () => {
    const page = await registre('betaAdmin');
    for (const id of Object.values(L)) expect(idsOf(page)).not.toContain(id);
    expect(page.total).toBe((await lockoutsOf(t.ids.beta)).length);
    const sub = await registre('betaAdmin', `&equipementId=${site}`);
    expect(sub.items).toEqual([]);
  });

  it('a contractor’s register holds none of its client’s lockouts', async () => {
    const r = await t.req('gammaUser', 'GET', '/api/v2/consignation/get_by_paging?perPage=1000');
    if (r.statusCode === 403) return;
    expect(r.statusCode, r.body).toBe(200);
    for (const id of Object.values(L)) expect(idsOf(r.json())).not.toContain(id);
  });

  it('401 without a session', async () => {
    expect((await t.req(null, 'GET', '/api/v2/consignation/get_by_paging')).statusCode).toBe(401);
  });

  // Last: it takes the technician's reading of processes away.
  it('without reading processes the register is refused, as the lists are (403)', async () => {
    const menu = (await call(t, 'acmeAdmin', 'GET', '/api/v2/menu/get')) as { id: number; slug: string; isEE: boolean }[];
    const processSlugs = new Set(MENU_TEMPLATE.filter((m) => m.subject === 'Process' && !m.isEE).map((m) => m.slug));
    const permissions = menu
      .filter((m) => !m.isEE && processSlugs.has(m.slug))
      .map((m) => ({
        type: 'menuItem',
        itemId: m.id,
        utilisateurId: t.ids.user.acmeTechnicien,
        permissions: { read: false, create: false, update: false, delete: false, manage: false },
      }));
    expect(permissions.length).toBeGreaterThan(1);
    await call(t, 'acmeAdmin', 'POST', '/api/v2/permission/bulk_create', { permissions });
    expect((await t.req('acmeTechnicien', 'GET', '/api/process/get_by_paging')).statusCode).toBe(403);
    const r = await t.req('acmeTechnicien', 'GET', '/api/v2/consignation/get_by_paging');
    expect(r.statusCode).toBe(403);
  });
});

import { type EquipementRightEntry, effectiveRights, MENU_TEMPLATE } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRE_NODE_WALK_MAX } from '../src/modules/consignation/consignation-registre.repository.ts';
import { type Actor, startTestApp, type TestApp } from './harness.ts';
import { call, consignedLockout, newLockout, sysRows } from './matrix/consignation-fixtures.ts';
import { setSpecificRights } from './matrix/registre-fixtures.ts';

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

describe('the register follows the reading rights', () => {
  // Site > Atelier lu > Cellule refusée ; Site > Atelier non lu. The technician reads « Atelier lu » but not its cell
  // (and, from the demo, « Utilités »); the responsable's profile reads every equipment (the demo's entry).
  let site: number;
  let lu: number;
  let refusee: number;
  let nonLu: number;
  const L: Record<'mere' | 'filleLue' | 'filleRefusee' | 'cellule' | 'voisin' | 'sansEquipement', number> = {} as never;

  /** The lockouts of Acme an actor's equipment entries let read, as effectiveRights decides node by node. */
  const expectedFor = async (as: Actor) => {
    const entries = (
      await sysRows<{ equipement_id: number | null; permissions: { read?: boolean } }>(
        t,
        sql`select ep.equipement_id, ep.permissions from equipment_permission ep, utilisateur u
          where u.id = ${t.ids.user[as]} and ep.entreprise_id = ${t.ids.acme} and not ep.is_ee
            and (ep.utilisateur_id = u.id or ep.profil_modele_id = u.profil_modele_id)`,
      )
    ).map((e): EquipementRightEntry => ({ equipementId: e.equipement_id, rights: { read: Boolean(e.permissions.read) } }));
    const rows = await lockoutsOf(t.ids.acme);
    return rows
      .filter((r) => r.path === null || effectiveRights(r.path, entries).read)
      .map((r) => r.id)
      .sort((a, b) => a - b);
  };
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  beforeAll(async () => {
    // Written with the rights off (anyone then names any equipment), as before a company turns them on.
    await setSpecificRights(t, t.ids.acme, false);
    site = await node('Site droits du registre', null);
    lu = await node('Atelier lu', site);
    refusee = await node('Cellule refusée', lu);
    nonLu = await node('Atelier non lu', site);
    L.mere = await consignedLockout(t, on(lu, 'Atelier lu'));
    L.filleLue = await newLockout(t, { typeConsignation: 7, parentId: L.mere, ...on(lu, 'Atelier lu') });
    L.filleRefusee = await newLockout(t, { typeConsignation: 7, parentId: L.mere, ...on(refusee, 'Cellule refusée') });
    L.cellule = await newLockout(t, on(refusee, 'Cellule refusée'));
    L.voisin = await newLockout(t, on(nonLu, 'Atelier non lu'));
    L.sansEquipement = await newLockout(t, {});
    await sysRows(
      t,
      sql`insert into equipment_permission (entreprise_id, equipement_id, utilisateur_id, is_ee, permissions) values
        (${t.ids.acme}, ${lu}, ${t.ids.user.acmeTechnicien}, false, '{"read": true}'::jsonb),
        (${t.ids.acme}, ${refusee}, ${t.ids.user.acmeTechnicien}, false, '{"read": false}'::jsonb) returning id`,
    );
  }, 120_000);

  describe('specific equipment rights off', () => {
    it('shows every lockout of the company to whoever reads its processes (the lists’ rule), total included', async () => {
      const all = sorted((await lockoutsOf(t.ids.acme)).map((r) => r.id));
      for (const as of ['acmeTechnicien', 'acmeResponsable', 'acmeAdmin'] as const) {
        const page = await registre(as);
        expect(sorted(idsOf(page))).toEqual(all);
        expect(page.total).toBe(all.length);
        expect(page.totalExact).toBe(true);
      }
      const mere = (await registre('acmeTechnicien')).items.find((r: any) => r.processId === L.mere);
      expect(sorted(mere.filles.map((f: any) => f.processId))).toEqual(sorted([L.filleLue, L.filleRefusee]));
    });
  });

  describe('specific equipment rights on (the demo’s setting)', () => {
    beforeAll(async () => {
      expect((await setSpecificRights(t, t.ids.acme, true)).length).toBeGreaterThan(0);
    });

    it('hides from the technician the lockouts on equipment he does not read; the total says the same', async () => {
      const page = await registre('acmeTechnicien');
      const ids = idsOf(page);
      expect(ids).toEqual(expect.arrayContaining([L.mere, L.filleLue, L.sansEquipement]));
      for (const hidden of [L.filleRefusee, L.cellule, L.voisin]) expect(ids).not.toContain(hidden);
      // Node by node as effectiveRights decides, on every lockout of the company (the demo's included).
      const expected = await expectedFor('acmeTechnicien');
      expect(sorted(ids)).toEqual(expected);
      expect(page.total).toBe(expected.length);
      expect(page.total).toBeLessThan((await lockoutsOf(t.ids.acme)).length);
    });

    it('a mother lists only the daughters he reads, in the register and on the lockout’s screen', async () => {
      const mere = (await registre('acmeTechnicien')).items.find((r: any) => r.processId === L.mere);
      expect(mere.filles.map((f: any) => f.processId)).toEqual([L.filleLue]);
      const detail = await call(t, 'acmeTechnicien', 'GET', `/api/v2/consignation/get/${L.mere}`);
      expect(detail.filles.map((f: any) => f.processId)).toEqual([L.filleLue]);
      const asAdmin = await call(t, 'acmeAdmin', 'GET', `/api/v2/consignation/get/${L.mere}`);
      expect(sorted(asAdmin.filles.map((f: any) => f.processId))).toEqual(sorted([L.filleLue, L.filleRefusee]));
    });

    it('the filters keep to it: a subtree, a type, a page', async () => {
      const sub = await registre('acmeTechnicien', `&equipementId=${site}`);
      expect(sorted(idsOf(sub))).toEqual(sorted([L.mere, L.filleLue]));
      expect(sub.total).toBe(2);
      const daughters = await registre('acmeTechnicien', '&typeConsignation=7');
      expect(idsOf(daughters)).toContain(L.filleLue);
      expect(idsOf(daughters)).not.toContain(L.filleRefusee);
      const all = await registre('acmeTechnicien');
      const first = await call(t, 'acmeTechnicien', 'GET', '/api/v2/consignation/get_by_paging?perPage=2');
      expect(first.total).toBe(all.total);
      expect(idsOf(first)).toEqual(idsOf(all).slice(0, 2));
    });

    it('reading more nodes than the page starts from, the register walks its order: the same rows, order and total', async () => {
      // Up to REGISTRE_NODE_WALK_MAX readable nodes the page starts from them; one more node under « Atelier lu » and
      // it walks the register in order instead, skipping what the rights hide.
      const fromNodes = await registre('acmeTechnicien');
      const firstTwo = await call(t, 'acmeTechnicien', 'GET', '/api/v2/consignation/get_by_paging?perPage=2&offset=1');
      const added = await sysRows<{ id: number }>(
        t,
        sql`insert into equipement (entreprise_id, parent_id, path, name)
          select ${t.ids.acme}, ${lu}::int, '{}'::int[], 'Nœud ' || g from generate_series(1, ${REGISTRE_NODE_WALK_MAX}) g returning id`,
      );
      await sysRows(
        t,
        sql`update equipement e set path = p.path || e.id from equipement p where p.id = ${lu} and e.id = any(${`{${added.map((a) => a.id).join(',')}}`}::int[]) returning e.id`,
      );
      try {
        const walked = await registre('acmeTechnicien');
        expect(idsOf(walked)).toEqual(idsOf(fromNodes));
        expect(walked.total).toBe(fromNodes.total);
        const mere = walked.items.find((r: any) => r.processId === L.mere);
        expect(mere.filles.map((f: any) => f.processId)).toEqual([L.filleLue]);
        const again = await call(t, 'acmeTechnicien', 'GET', '/api/v2/consignation/get_by_paging?perPage=2&offset=1');
        expect(idsOf(again)).toEqual(idsOf(firstTwo));
        expect(idsOf(again)).toEqual(idsOf(fromNodes).slice(1, 3));
      } finally {
        await sysRows(t, sql`delete from equipement where id = any(${`{${added.map((a) => a.id).join(',')}}`}::int[]) returning id`);
      }
    });

    it('an entry on every equipment reads everything, less a subtree refused below it', async () => {
      const everything = await registre('acmeResponsable');
      expect(everything.total).toBe((await lockoutsOf(t.ids.acme)).length);
      await sysRows(
        t,
        sql`insert into equipment_permission (entreprise_id, equipement_id, profil_modele_id, is_ee, permissions)
          select ${t.ids.acme}, ${nonLu}::int, u.profil_modele_id, false, '{"read": false}'::jsonb
          from utilisateur u where u.id = ${t.ids.user.acmeResponsable} returning id`,
      );
      const page = await registre('acmeResponsable');
      expect(idsOf(page)).toEqual(expect.arrayContaining([L.mere, L.filleLue, L.filleRefusee, L.cellule, L.sansEquipement]));
      expect(idsOf(page)).not.toContain(L.voisin);
      expect(sorted(idsOf(page))).toEqual(await expectedFor('acmeResponsable'));
      expect(page.total).toBe((await lockoutsOf(t.ids.acme)).length - 1);
    });

    it('the admin keeps everything', async () => {
      const page = await registre('acmeAdmin');
      expect(page.total).toBe((await lockoutsOf(t.ids.acme)).length);
      expect(idsOf(page)).toEqual(expect.arrayContaining(Object.values(L)));
    });

    it('a person with no equipment entry sees only the lockouts on no equipment of the registry', async () => {
      await sysRows(
        t,
        sql`delete from equipment_permission where entreprise_id = ${t.ids.acme} and utilisateur_id = ${t.ids.user.acmeTechnicien} returning id`,
      );
      const page = await registre('acmeTechnicien');
      const expected = (await lockoutsOf(t.ids.acme)).filter((r) => r.path === null);
      expect(sorted(idsOf(page))).toEqual(sorted(expected.map((r) => r.id)));
      expect(page.total).toBe(expected.length);
      expect(idsOf(page)).toContain(L.sansEquipement);
      expect(idsOf(page)).not.toContain(L.mere);
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

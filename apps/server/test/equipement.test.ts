import { TREE_COMPACT_THRESHOLD } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/platform/db/tenant.ts';
import { type Actor, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const call = async (actor: Actor, method: string, url: string, body?: unknown, status = 200) => {
  const r = await t.req(actor, method, url, body);
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(status);
  return r.json();
};
const create = (actor: Actor, body: Record<string, unknown>) =>
  call(actor, 'POST', '/api/v2/equipement/create', { parentId: null, ...body });
const get = (actor: Actor, id: number) => call(actor, 'GET', `/api/v2/equipement/get/${id}`);
const system = <T>(f: (tx: any) => Promise<T>) => withSystem(t.server.database.db, 'test: equipement', f);
/** Every live node of a company: id → path, with a check that each path is its parent's path + its id. */
async function checkTree(entrepriseId: number) {
  const r = (await system((tx) =>
    tx.execute(sql`select id, parent_id, path from equipement where entreprise_id = ${entrepriseId} and deleted_at is null`),
  )) as { rows: { id: number; parent_id: number | null; path: number[] }[] };
  const byId = new Map(r.rows.map((x) => [Number(x.id), x]));
  for (const x of r.rows) {
    const parent = x.parent_id === null ? null : byId.get(Number(x.parent_id));
    expect(x.path.map(Number)).toEqual([...(parent ? parent.path.map(Number) : []), Number(x.id)]);
    expect(new Set(x.path).size).toBe(x.path.length);
  }
  return byId;
}

describe('tree operations', () => {
  it('creates under a parent (path, idx appended), reads the detail with its ancestors and isolation points', async () => {
    const root = await create('acmeAdmin', { name: 'Poste de livraison HTA', domaineTension: 'HTA' });
    const a = await create('acmeAdmin', { name: 'Transformateur T1', parentId: root.id, number: 'T1' });
    const b = await create('acmeAdmin', {
      name: 'TGBT atelier',
      parentId: root.id,
      pointsIsolement: [{ repere: 'Q1', energie: 'electrique', dispositif: 'Disjoncteur général Q1', positionRequise: 'ouvert' }],
    });
    expect([a.idx, b.idx]).toEqual([0, 1]);
    expect(a.path).toEqual([root.id, a.id]);
    const d = await get('acmeAdmin', b.id);
    expect(d.ancestors).toEqual([{ id: root.id, name: 'Poste de livraison HTA' }]);
    expect(d.pointsIsolement[0]).toMatchObject({ repere: 'Q1', energie: 'electrique' });
    expect((await get('acmeAdmin', root.id)).childCount).toBe(2);
    expect(d.abilities).toEqual({ read: true, create: true, update: true, delete: true });
  });

  it('updates with the version read; a stale version is refused (409) and nothing is written', async () => {
    const e = await create('acmeAdmin', { name: 'Compresseur C1' });
    const u = await call('acmeAdmin', 'PUT', '/api/v2/equipement/update', {
      id: e.id,
      version: e.version,
      name: 'Compresseur C1 bis',
      text1: 'Atlas',
    });
    expect(u).toMatchObject({ name: 'Compresseur C1 bis', text1: 'Atlas', version: e.version + 1 });
    const stale = await call('acmeAdmin', 'PUT', '/api/v2/equipement/update', { id: e.id, version: e.version, name: 'Écrasé' }, 409);
    expect(stale.message).toMatch(/modifié entre-temps/);
    expect((await get('acmeAdmin', e.id)).name).toBe('Compresseur C1 bis');
    const g = await call('acmeAdmin', 'PUT', '/api/v2/equipement/update_general', { id: e.id, general: { unit: 'bar' } });
    expect(g.unit).toBe('bar');
    expect((await call('acmeAdmin', 'PUT', '/api/v2/equipement/status_update', { id: e.id, status: 'en_cours' })).status).toBe('en_cours');
    expect(
      (await call('acmeAdmin', 'PUT', '/api/v2/equipement/update_hide_risques_parent', { id: e.id, hideRisquesParent: true }))
        .hideRisquesParent,
    ).toBe(true);
    expect(
      (await call('acmeAdmin', 'PUT', `/api/v2/equipement/${e.id}/update_display_previous`, { displayPrevious: true })).displayPrevious,
    ).toBe(true);
  });

  it('arranges: orders, re-parents a subtree (paths rewritten), refuses a cycle (409)', async () => {
    const p = await create('acmeAdmin', { name: 'Armoire A' });
    const c = await create('acmeAdmin', { name: 'Départ moteur', parentId: p.id });
    const gc = await create('acmeAdmin', { name: 'Moteur M1', parentId: c.id });
    const q = await create('acmeAdmin', { name: 'Armoire B' });
    await call('acmeAdmin', 'PUT', '/api/v2/equipement/arrange', { parentId: q.id, ids: [c.id] });
    expect((await get('acmeAdmin', gc.id)).path).toEqual([q.id, c.id, gc.id]);
    const cycle = await call('acmeAdmin', 'PUT', '/api/v2/equipement/arrange', { parentId: gc.id, ids: [q.id] }, 409);
    expect(cycle.message).toMatch(/sous lui-même ou sous l'un de ses descendants/);
    await call('acmeAdmin', 'PUT', '/api/v2/equipement/arrange', { parentId: q.id, ids: [c.id] }, 200);
    const x = await create('acmeAdmin', { name: 'Départ éclairage', parentId: q.id });
    await call('acmeAdmin', 'PUT', '/api/v2/equipement/arrange', { parentId: q.id, ids: [x.id, c.id] });
    expect([(await get('acmeAdmin', x.id)).idx, (await get('acmeAdmin', c.id)).idx]).toEqual([0, 1]);
    await checkTree(t.ids.acme);
  });

  it('two simultaneous arranges that would make a cycle together: one wins, the other is refused, no node lost', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await create('acmeAdmin', { name: `Concurrence A${round}` });
      const b = await create('acmeAdmin', { name: `Concurrence B${round}` });
      const [r1, r2] = await Promise.all([
        t.req('acmeAdmin', 'PUT', '/api/v2/equipement/arrange', { parentId: a.id, ids: [b.id] }),
        t.req('acmeAdmin', 'PUT', '/api/v2/equipement/arrange', { parentId: b.id, ids: [a.id] }),
      ]);
      expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
      const tree = await checkTree(t.ids.acme);
      expect(tree.has(a.id) && tree.has(b.id)).toBe(true);
    }
  });

  it('duplicates with or without children: properties and isolation points, not activities', async () => {
    const p = await create('acmeAdmin', {
      name: 'Pompe P1',
      rfid: 'RFID-1',
      pointsIsolement: [{ repere: 'V1', energie: 'hydraulique', dispositif: 'Vanne V1', positionRequise: 'fermé' }],
    });
    await create('acmeAdmin', { name: 'Moteur de P1', parentId: p.id });
    await call('acmeAdmin', 'POST', `/api/v2/equipement/${p.id}/activites/create`, { libelle: 'Graissage' });
    const alone = await call('acmeAdmin', 'POST', `/api/v2/equipements/${p.id}/duplicate`, { withChildren: false });
    expect(alone.count).toBe(1);
    const copy = await get('acmeAdmin', alone.id);
    expect(copy).toMatchObject({ name: 'Pompe P1 (copie)', rfid: null, childCount: 0 });
    expect(copy.pointsIsolement).toHaveLength(1);
    expect(await call('acmeAdmin', 'GET', `/api/v2/equipement/${alone.id}/activites`)).toEqual([]);
    const whole = await call('acmeAdmin', 'POST', `/api/v2/equipements/${p.id}/duplicate`, { withChildren: true });
    expect(whole.count).toBe(2);
    expect((await get('acmeAdmin', whole.id)).childCount).toBe(1);
    await checkTree(t.ids.acme);
  });

  it('delete is refused while children or processes refer to it (409 naming them), else a soft delete', async () => {
    const p = await create('acmeAdmin', { name: 'Armoire à supprimer' });
    const c = await create('acmeAdmin', { name: 'Enfant gênant', parentId: p.id });
    const refused = await call('acmeAdmin', 'DELETE', `/api/v2/equipement/delete/${p.id}`, undefined, 409);
    expect(refused.message).toMatch(/Impossible de supprimer « Armoire à supprimer » : 1 équipement\(s\) enfant\(s\) : « Enfant gênant »/);
    const proc = (await system((tx) =>
      tx.execute(sql`select id, nom_process from process where entreprise_id = ${t.ids.acme} order by id limit 1`),
    )) as { rows: { id: number; nom_process: string }[] };
    const pr = proc.rows[0];
    await call('acmeAdmin', 'PUT', `/api/equipments/${c.id}/link-process`, { processId: Number(pr.id) });
    expect((await call('acmeAdmin', 'GET', `/api/v2/equipement/${c.id}/processus`)).map((x: any) => x.id)).toContain(Number(pr.id));
    const byProcess = await call('acmeAdmin', 'DELETE', `/api/v2/equipement/delete/${c.id}`, undefined, 409);
    expect(byProcess.message).toContain(`processus lié(s) : « ${pr.nom_process} »`);
    await system((tx) => tx.execute(sql`update process set equipement = null where id = ${pr.id}`));
    await call('acmeAdmin', 'DELETE', `/api/v2/equipement/delete/${c.id}`);
    await call('acmeAdmin', 'GET', `/api/v2/equipement/get/${c.id}`, undefined, 404);
    await call('acmeAdmin', 'DELETE', `/api/v2/equipement/delete/${p.id}`);
  });
});

describe('compact tree, search (S 221)', () => {
  beforeAll(async () => {
    // Béta's registry: a site with TREE_COMPACT_THRESHOLD + 99 pumps and valves, half each, and two accented names.
    const n = TREE_COMPACT_THRESHOLD + 99;
    await system(async (tx) => {
      await tx.execute(sql`
        with r as (insert into equipement (id, entreprise_id, path, name)
          select v, ${t.ids.beta}, array[v], 'Site Béta' from (select nextval(pg_get_serial_sequence('equipement', 'id'))::int as v) s
          returning id)
        insert into equipement (id, entreprise_id, parent_id, path, name, idx)
        select x.id, ${t.ids.beta}, r.id, array[r.id, x.id],
          case when x.g = 1 then 'Électrovanne Été' when x.g % 2 = 0 or x.g = 3 then 'Pompe n°' || x.g else 'Vanne n°' || x.g end, x.g
        from r, (select nextval(pg_get_serial_sequence('equipement', 'id'))::int as id, g from generate_series(1, ${n}) g) x`);
    });
  });

  it('answers the compact form above the threshold, the full one on request', async () => {
    const c = await call('betaAdmin', 'GET', '/api/v2/equipement/get');
    expect(c.form).toBe('compact');
    expect(c.total).toBe(TREE_COMPACT_THRESHOLD + 100);
    expect(c.ids).toHaveLength(c.total);
    expect(c.parentIds[0]).toBeNull();
    expect(c.names[0]).toBe('Site Béta');
    const f = await call('betaAdmin', 'GET', '/api/v2/equipement/get?form=full');
    expect(f.form).toBe('full');
    expect(f.nodes[0].childCount).toBe(TREE_COMPACT_THRESHOLD + 99);
  });

  it('a search matching at least half loads the full tree; a narrow one the matches and their ancestors', async () => {
    const half = await call('betaAdmin', 'GET', '/api/v2/equipement/get?search=pompe');
    expect(half.form).toBe('full');
    expect(half.matchIds.length * 2).toBeGreaterThanOrEqual(half.total);
    expect(half.nodes).toHaveLength(half.total);
    const narrow = await call('betaAdmin', 'GET', '/api/v2/equipement/get?search=VANNE%20n%C2%B0999');
    expect(narrow.form).toBe('full');
    expect(narrow.nodes.map((x: any) => x.name)).toEqual(['Site Béta', 'Vanne n°999']);
    expect(narrow.matchIds).toHaveLength(1);
  });

  it('searches without accents nor case', async () => {
    for (const q of ['electrovanne ete', 'ÉLECTROVANNE', 'ÉtÉ']) {
      const r = await call('betaAdmin', 'GET', `/api/v2/equipement/get?search=${encodeURIComponent(q)}`);
      expect(
        r.nodes.map((x: any) => x.name),
        q,
      ).toContain('Électrovanne Été');
      expect(r.matchIds, q).toHaveLength(1);
    }
    const o = await call('betaAdmin', 'GET', `/api/v2/equipement/options?search=${encodeURIComponent('electrovanne')}`);
    expect(o).toEqual([{ id: expect.any(Number), libelle: 'Électrovanne Été', chemin: 'Site Béta › Électrovanne Été' }]);
  });
});

describe('rights on the tree (specific rights)', () => {
  let top: any;
  let granted: any;
  let inside: any;
  let overridden: any;
  let neighbour: any;
  beforeAll(async () => {
    top = await create('acmeAdmin', { name: 'Usine droits' });
    granted = await create('acmeAdmin', { name: 'Atelier accordé', parentId: top.id });
    inside = await create('acmeAdmin', { name: 'Machine accordée', parentId: granted.id });
    overridden = await create('acmeAdmin', { name: 'Cellule interdite', parentId: granted.id });
    neighbour = await create('acmeAdmin', { name: 'Atelier voisin', parentId: top.id });
    const tech = t.ids.user.acmeTechnicien;
    await system(async (tx) => {
      const on =
        (await tx.execute(sql`update entreprise_logiciel set setting = coalesce(setting, '{}'::jsonb) || jsonb_build_object('display',
        coalesce(setting -> 'display', '{}'::jsonb) || '{"equipment": {"specificRights": true, "customName": null, "filter": false}}'::jsonb)
        where entreprise_id = ${t.ids.acme} returning id`)) as { rows: unknown[] };
      expect(on.rows.length).toBeGreaterThan(0);
      await tx.execute(sql`insert into equipment_permission (entreprise_id, equipement_id, utilisateur_id, is_ee, permissions) values
        (${t.ids.acme}, ${granted.id}, ${tech}, false, '{"read": true, "update": true, "create": true}'::jsonb),
        (${t.ids.acme}, ${overridden.id}, ${tech}, false, '{"read": false}'::jsonb)`);
    });
  });
  afterAll(async () => {
    await system((tx) =>
      tx.execute(sql`update entreprise_logiciel set setting = jsonb_set(setting, '{display,equipment,specificRights}', 'false'::jsonb)
        where entreprise_id = ${t.ids.acme}`),
    );
  });

  it('the tree shows only the granted subtree, a lower entry overriding; its top becomes a root', async () => {
    const tree = await call('acmeTechnicien', 'GET', '/api/v2/equipement/get');
    expect(tree.form).toBe('full');
    const names = tree.nodes.map((x: any) => x.name);
    expect(names).toContain('Atelier accordé');
    expect(names).toContain('Machine accordée');
    expect(names).not.toContain('Cellule interdite');
    expect(names).not.toContain('Usine droits');
    expect(names).not.toContain('Atelier voisin');
    expect(tree.nodes.find((x: any) => x.id === granted.id).childCount).toBe(1);
  });

  it('the detail and the writes obey (403 outside), the creator gets rights on what they create', async () => {
    expect((await get('acmeTechnicien', inside.id)).ancestors).toEqual([{ id: granted.id, name: 'Atelier accordé' }]);
    await call('acmeTechnicien', 'GET', `/api/v2/equipement/get/${top.id}`, undefined, 403);
    await call('acmeTechnicien', 'GET', `/api/v2/equipement/get/${overridden.id}`, undefined, 403);
    await call('acmeTechnicien', 'PUT', '/api/v2/equipement/status_update', { id: top.id, status: 'en_cours' }, 403);
    await call('acmeTechnicien', 'DELETE', `/api/v2/equipement/delete/${inside.id}`, undefined, 403);
    await call('acmeTechnicien', 'POST', '/api/v2/equipement/create', { parentId: null, name: 'Racine interdite' }, 403);
    await call('acmeTechnicien', 'PUT', '/api/v2/equipement/arrange', { parentId: granted.id, ids: [neighbour.id] }, 403);
    await call('acmeTechnicien', 'PUT', '/api/v2/equipement/arrange', { parentId: neighbour.id, ids: [inside.id] }, 403);
    const mine = await create('acmeTechnicien', { name: 'Sonde ajoutée', parentId: inside.id });
    expect(mine.abilities.delete).toBe(true);
    await call('acmeTechnicien', 'DELETE', `/api/v2/equipement/delete/${mine.id}`);
    const bad = await t.req('acmeTechnicien', 'POST', `/api/v2/equipement/${top.id}/activites/create`, { libelle: 'Hors droits' });
    expect(bad.statusCode).toBe(403);
    const ref = await t.req('acmeTechnicien', 'POST', '/api/v2/equipement/create', { parentId: top.id, name: 'Sous interdit' });
    expect(ref.statusCode).toBe(403);
  });
});

describe('activities', () => {
  it('an instance progresses, completes, is validated; then any edit is refused (409)', async () => {
    const e = await create('acmeAdmin', { name: 'Compresseur C2' });
    const act = await call('acmeAdmin', 'POST', `/api/v2/equipement/${e.id}/activites/create`, {
      libelle: 'Vidange',
      periodiciteJours: 90,
    });
    const i = await call('acmeAdmin', 'POST', '/api/v2/equipement/activites/instances/create', {
      objectActiviteId: act.id,
      datePrevue: '2026-12-01',
    });
    expect(i).toMatchObject({ progression: 0, completed: false, validated: false, datePrevue: '2026-12-01' });
    const p = await call('acmeAdmin', 'PUT', '/api/v2/equipement/activites/instances/update', {
      id: i.id,
      version: i.version,
      progression: 50,
    });
    await call('acmeAdmin', 'PUT', '/api/v2/equipement/activites/instances/update', { id: i.id, version: p.version, validated: true }, 400);
    await call('acmeAdmin', 'PUT', '/api/v2/equipement/activites/instances/update', { id: i.id, version: i.version, progression: 60 }, 409);
    await call(
      'acmeAdmin',
      'PUT',
      '/api/v2/equipement/activites/instances/update',
      { id: i.id, version: p.version, progression: 101 },
      400,
    );
    const done = await call('acmeAdmin', 'PUT', '/api/v2/equipement/activites/instances/update', {
      id: i.id,
      version: p.version,
      completed: true,
      validated: true,
    });
    expect(done).toMatchObject({ progression: 100, completed: true, validated: true });
    const locked = await call(
      'acmeAdmin',
      'PUT',
      '/api/v2/equipement/activites/instances/update',
      { id: i.id, version: done.version, commentaire: 'après' },
      409,
    );
    expect(locked.message).toMatch(/validée/);
    await call('acmeAdmin', 'DELETE', `/api/v2/equipement/activites/delete/${act.id}`, undefined, 409);
    const list = await call('acmeAdmin', 'GET', `/api/v2/equipement/${e.id}/activites`);
    expect(list[0].instances[0].validated).toBe(true);
  });
});

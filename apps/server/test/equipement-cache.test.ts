// The compact tree cache (equipement.tree-cache.ts, migration 0023): every write bumps the company's tree version in
// its own transaction and the next read sees it; a company never gets another's tree; a caller with specific rights
// gets only what they may read even when the whole tree is cached; reads during a write see the tree before or after
// it, never a mix; the cached bytes are sent compressed as the client accepts.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TreeCache } from '../src/modules/equipement/equipement.tree-cache.ts';
import { withSystem } from '../src/platform/db/tenant.ts';
import { acceptedEncoding } from '../src/platform/http/bind.ts';
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
/** The compact form whatever the size: the path served from the cache. */
const compact = (actor: Actor) => call(actor, 'GET', '/api/v2/equipement/get?form=compact');
const system = <T>(f: (tx: any) => Promise<T>) => withSystem(t.server.database.db, 'test: equipement cache', f);
const rowsOf = async <T>(q: ReturnType<typeof sql>) => ((await system((tx) => tx.execute(q))) as { rows: T[] }).rows;
const versionOf = async (entrepriseId: number) =>
  Number(
    (
      await rowsOf<{ v: number }>(
        sql`select coalesce(max(version), 0)::int as v from equipement_version where entreprise_id = ${entrepriseId}`,
      )
    )[0]?.v,
  );
/** The live tree of a company as the compact answer must hold it: id → [parent, name]. */
async function treeOf(entrepriseId: number) {
  const r = await rowsOf<{ id: number; parent_id: number | null; name: string }>(
    sql`select id, parent_id, name from equipement where entreprise_id = ${entrepriseId} and deleted_at is null`,
  );
  return new Map(r.map((x) => [Number(x.id), [x.parent_id === null ? null : Number(x.parent_id), x.name]]));
}
const mapOf = (c: { ids: number[]; parentIds: (number | null)[]; names: string[] }) =>
  new Map(c.ids.map((id, i) => [id, [c.parentIds[i], c.names[i]]]));

describe('tree version: every write is seen by the next read', () => {
  it('create, rename, status, arrange, duplicate, delete each bump the version and change the cached answer', async () => {
    const top = await create('acmeAdmin', { name: 'Cache — usine' });
    const a = await create('acmeAdmin', { name: 'Cache — atelier A', parentId: top.id });
    const b = await create('acmeAdmin', { name: 'Cache — atelier B', parentId: top.id });
    let v = await versionOf(t.ids.acme);
    let tree = await compact('acmeAdmin');
    expect(mapOf(tree)).toEqual(await treeOf(t.ids.acme));
    // Read again at the same version: the same answer (from the cache).
    expect(await compact('acmeAdmin')).toEqual(tree);

    let leaf: any;
    const steps: [string, () => Promise<unknown>][] = [
      ['create', () => create('acmeAdmin', { name: 'Cache — machine', parentId: a.id })],
      [
        'update (name)',
        async () => {
          const d = await call('acmeAdmin', 'GET', `/api/v2/equipement/get/${a.id}`);
          return call('acmeAdmin', 'PUT', '/api/v2/equipement/update', { id: a.id, version: d.version, name: 'Cache — atelier A renommé' });
        },
      ],
      ['status', () => call('acmeAdmin', 'PUT', '/api/v2/equipement/status_update', { id: b.id, status: 'en_cours' })],
      ['arrange', () => call('acmeAdmin', 'PUT', '/api/v2/equipement/arrange', { parentId: b.id, ids: [a.id] })],
      ['duplicate', () => call('acmeAdmin', 'POST', `/api/v2/equipements/${a.id}/duplicate`, { withChildren: true })],
      [
        'create (a leaf)',
        async () => {
          leaf = await create('acmeAdmin', { name: 'Cache — à supprimer', parentId: top.id });
        },
      ],
      ['delete', () => call('acmeAdmin', 'DELETE', `/api/v2/equipement/delete/${leaf.id}`)],
    ];
    for (const [what, step] of steps) {
      const before = JSON.stringify(tree);
      await step();
      const now = await versionOf(t.ids.acme);
      expect(now, what).toBeGreaterThan(v);
      v = now;
      tree = await compact('acmeAdmin');
      // The status is not part of the compact form: the answer is rebuilt, the same.
      if (what !== 'status') expect(JSON.stringify(tree), what).not.toBe(before);
      expect(mapOf(tree), what).toEqual(await treeOf(t.ids.acme));
    }
  });

  it('a search counts the tree from the cached total only while its version is current', async () => {
    const top = await create('acmeAdmin', { name: 'Recherche — usine' });
    const count = async () => (await treeOf(t.ids.acme)).size;
    await compact('acmeAdmin');
    const s1 = await call('acmeAdmin', 'GET', '/api/v2/equipement/get?search=recherche%20%E2%80%94%20usine');
    expect(s1.total).toBe(await count());
    expect(s1.matchIds).toEqual([top.id]);
    // A write after the tree was cached: the cached total is stale, the search counts.
    await create('acmeAdmin', { name: 'Recherche — machine', parentId: top.id });
    const s2 = await call('acmeAdmin', 'GET', '/api/v2/equipement/get?search=recherche%20%E2%80%94');
    expect(s2.total).toBe(await count());
    expect(s2.nodes.map((n: any) => n.name)).toEqual(['Recherche — usine', 'Recherche — machine']);
  });

  it('a write refused (stale version, 409) bumps nothing', async () => {
    const e = await create('acmeAdmin', { name: 'Cache — refus' });
    await compact('acmeAdmin');
    const v = await versionOf(t.ids.acme);
    await call('acmeAdmin', 'PUT', '/api/v2/equipement/update', { id: e.id, version: e.version + 7, name: 'Perdu' }, 409);
    expect(await versionOf(t.ids.acme)).toBe(v);
  });
});

describe('companies and rights', () => {
  it('two companies at the same version never get each other’s tree', async () => {
    await create('betaAdmin', { name: 'Béta — cache' });
    const acme = await compact('acmeAdmin');
    // The same version number in both companies: the cache key still tells them apart.
    await system((tx) =>
      tx.execute(sql`insert into equipement_version (entreprise_id, version) values (${t.ids.acme}, 500), (${t.ids.beta}, 500)
        on conflict (entreprise_id) do update set version = 500`),
    );
    const a = await compact('acmeAdmin');
    const b = await compact('betaAdmin');
    expect(mapOf(a)).toEqual(await treeOf(t.ids.acme));
    expect(mapOf(b)).toEqual(await treeOf(t.ids.beta));
    expect(a.ids.filter((id: number) => b.ids.includes(id))).toEqual([]);
    expect(a).toEqual(acme);
  });

  describe('specific rights, with the whole tree cached', () => {
    let top: any;
    let granted: any;
    let inside: any;
    let denied: any;
    beforeAll(async () => {
      top = await create('acmeAdmin', { name: 'Droits cache — usine' });
      granted = await create('acmeAdmin', { name: 'Droits cache — accordé', parentId: top.id });
      inside = await create('acmeAdmin', { name: 'Droits cache — dedans', parentId: granted.id });
      denied = await create('acmeAdmin', { name: 'Droits cache — interdit', parentId: granted.id });
      await system(async (tx) => {
        await tx.execute(sql`update entreprise_logiciel set setting = coalesce(setting, '{}'::jsonb) || jsonb_build_object('display',
          coalesce(setting -> 'display', '{}'::jsonb) || '{"equipment": {"specificRights": true, "customName": null, "filter": false}}'::jsonb)
          where entreprise_id = ${t.ids.acme}`);
        await tx.execute(
          sql`delete from equipment_permission where entreprise_id = ${t.ids.acme} and utilisateur_id = ${t.ids.user.acmeTechnicien}`,
        );
        await tx.execute(sql`insert into equipment_permission (entreprise_id, equipement_id, utilisateur_id, is_ee, permissions) values
          (${t.ids.acme}, ${granted.id}, ${t.ids.user.acmeTechnicien}, false, '{"read": true}'::jsonb),
          (${t.ids.acme}, ${denied.id}, ${t.ids.user.acmeTechnicien}, false, '{"read": false}'::jsonb)`);
      });
    });
    afterAll(async () => {
      await system((tx) =>
        tx.execute(sql`update entreprise_logiciel set setting = jsonb_set(setting, '{display,equipment,specificRights}', 'false'::jsonb)
          where entreprise_id = ${t.ids.acme}`),
      );
    });

    it('the technician gets only the granted subtree, full or compact, after the admin’s read filled the cache', async () => {
      const whole = await compact('acmeAdmin');
      expect(whole.ids).toContain(top.id);
      const full = await call('acmeTechnicien', 'GET', '/api/v2/equipement/get');
      expect(full.form).toBe('full');
      expect(full.nodes.map((n: any) => n.id)).toEqual([granted.id, inside.id]);
      expect(full.nodes[0].childCount).toBe(1);
      const c = await compact('acmeTechnicien');
      expect(c).toEqual({
        form: 'compact',
        total: 2,
        ids: [granted.id, inside.id],
        parentIds: [top.id, granted.id],
        names: [granted.name, inside.name],
      });
      // Compressed too: the filtered answer, not the cached whole tree.
      const gz = await t.server.app.inject({
        method: 'GET',
        url: '/api/v2/equipement/get?form=compact',
        headers: { cookie: await t.cookieOf('acmeTechnicien'), 'accept-encoding': 'gzip' },
      });
      const body = gz.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(gz.rawPayload).toString() : gz.body;
      expect(JSON.parse(body)).toEqual(c);
    });

    it('a change of rights is seen at once, the tree version unchanged', async () => {
      const v = await versionOf(t.ids.acme);
      await system((tx) =>
        tx.execute(sql`update equipment_permission set permissions = '{"read": true}'::jsonb
          where entreprise_id = ${t.ids.acme} and equipement_id = ${denied.id} and utilisateur_id = ${t.ids.user.acmeTechnicien}`),
      );
      const c = await compact('acmeTechnicien');
      expect(c.ids).toEqual([granted.id, inside.id, denied.id]);
      expect(await versionOf(t.ids.acme)).toBe(v);
    });

    it('the responsable’s right on every equipment gives the whole cached tree', async () => {
      await system((tx) =>
        tx.execute(sql`insert into equipment_permission (entreprise_id, equipement_id, utilisateur_id, is_ee, permissions)
          values (${t.ids.acme}, null, ${t.ids.user.acmeResponsable}, false, '{"read": true}'::jsonb)`),
      );
      expect(mapOf(await compact('acmeResponsable'))).toEqual(await treeOf(t.ids.acme));
    });
  });
});

describe('concurrency', () => {
  it('reads during a move of a subtree and a duplicate see the tree before or after each write, never a mix', async () => {
    const top = await create('acmeAdmin', { name: 'Concurrence — usine' });
    const from = await create('acmeAdmin', { name: 'Concurrence — départ', parentId: top.id });
    const to = await create('acmeAdmin', { name: 'Concurrence — arrivée', parentId: top.id });
    const moved = await create('acmeAdmin', { name: 'Concurrence — déplacé', parentId: from.id });
    for (let i = 0; i < 5; i++) await create('acmeAdmin', { name: `Concurrence — pièce ${i}`, parentId: moved.id });
    await compact('acmeAdmin');
    const states = [JSON.stringify([...(await treeOf(t.ids.acme))].sort())];
    const reads: Promise<any>[] = [];
    const writes = (async () => {
      await call('acmeAdmin', 'PUT', '/api/v2/equipement/arrange', { parentId: to.id, ids: [moved.id] });
      states.push(JSON.stringify([...(await treeOf(t.ids.acme))].sort()));
      await call('acmeAdmin', 'POST', `/api/v2/equipements/${moved.id}/duplicate`, { withChildren: true });
      states.push(JSON.stringify([...(await treeOf(t.ids.acme))].sort()));
    })();
    for (let i = 0; i < 24; i++) reads.push(compact(i % 2 ? 'acmeAdmin' : 'acmeResponsable'));
    await writes;
    const seen = await Promise.all(reads);
    for (const r of seen) expect(states).toContain(JSON.stringify([...mapOf(r)].sort()));
    expect(JSON.stringify([...mapOf(await compact('acmeAdmin'))].sort())).toBe(states[2]);
  });
});

describe('compressed once, sent as accepted', () => {
  it('br and gzip bytes decode to the same JSON; none asked, plain JSON', async () => {
    const cookie = await t.cookieOf('acmeAdmin');
    const get = (encoding?: string) =>
      t.server.app.inject({
        method: 'GET',
        url: '/api/v2/equipement/get?form=compact',
        headers: { cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect((await promisify(zlib.brotliDecompress)(br.rawPayload)).toString()).toBe(plain.body);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect((await get('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
  });

  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['gzip;q=0', null],
    ['deflate', null],
  ] as const)('Accept-Encoding %s → %s', (header, encoding) => {
    expect(acceptedEncoding(header)).toBe(encoding);
  });
});

describe('TreeCache', () => {
  const tree = (version: number, total = 1) => ({
    version,
    total,
    json: `{"form":"compact","total":${total},"ids":[],"parentIds":[],"names":[]}`,
  });

  it('concurrent readers of a version share one build; a failed build leaves the waiters to build their own', async () => {
    const cache = new TreeCache();
    let builds = 0;
    const slow = async () => {
      builds++;
      await new Promise((r) => setTimeout(r, 20));
      return tree(3);
    };
    const got = await Promise.all([1, 2, 3, 4].map(() => cache.tree(1, undefined, 3, slow)));
    expect(builds).toBe(1);
    expect(new Set(got).size).toBe(1);
    expect(await cache.tree(1, undefined, 3, slow)).toBe(got[0]);
    expect(builds).toBe(1);

    const failing = cache.tree(2, undefined, 1, async () => {
      await new Promise((r) => setTimeout(r, 10));
      throw new Error('perdu');
    });
    const waiter = cache.tree(2, undefined, 1, async () => tree(1, 7));
    await expect(failing).rejects.toThrow('perdu');
    expect((await waiter).total).toBe(7);
  });

  it('keeps the newest version of a tree, few entries in all', async () => {
    const cache = new TreeCache();
    await cache.tree(1, undefined, 5, async () => tree(5));
    // A build that read an older version and ended last does not replace the newer one.
    await cache.tree(1, undefined, 4, async () => tree(4));
    expect(cache.latest(1, undefined)?.version).toBe(5);
    await cache.tree(1, undefined, 6, async () => tree(6));
    expect(cache.size).toBe(1);
    for (let c = 2; c <= 10; c++) await cache.tree(c, undefined, 1, async () => tree(1));
    expect(cache.size).toBe(6);
    expect(cache.latest(1, undefined)).toBeUndefined();
    expect(cache.latest(10, 'moteur')).toBeUndefined();
  });
});

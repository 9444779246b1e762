import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeSize, type RegistreScope, registrePage, walkLimit } from '../src/modules/consignation/consignation-registre.repository.ts';
import { withSystem } from '../src/platform/db/tenant.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { call, sysRows } from './matrix/consignation-fixtures.ts';

// Ticket 15, the register's page from the nodes a caller reads, in two reads (docs/DECISIONS.md « Ticket 15 — la page
// du technicien en deux lectures »): a few keys per node, then more only from the nodes that may hold more of the page.
// The same rows, in the same order, as the walk of the whole register in its order with the same rights, whether the
// page's keys are spread over the nodes or held by one node, free or sequenced, on every page.

let t: TestApp;
const dense: { id: number } = { id: 0 };
const sparse: number[] = [];
beforeAll(async () => {
  t = await startTestApp();
  const root = (await call(t, 'acmeAdmin', 'POST', '/api/v2/equipement/create', { parentId: null, name: 'Site des clés du registre' })).id;
  dense.id = (await call(t, 'acmeAdmin', 'POST', '/api/v2/equipement/create', { parentId: root, name: 'Nœud chargé' })).id;
  for (let i = 0; i < 29; i++)
    sparse.push((await call(t, 'acmeAdmin', 'POST', '/api/v2/equipement/create', { parentId: root, name: `Nœud ${i}` })).id);
  // 150 lockouts on the loaded node, the newest numbers; 5 on each of the 29 others, older; as the bench writes them.
  const acme = t.ids.acme;
  await sysRows(
    t,
    sql`with m as (select id, libelle, package from process_modele where entreprise_id = ${acme} and package = 'mc' order by id limit 1),
      u as (select id from utilisateur where entreprise_id = ${acme} order by id limit 1),
      spec as (select g, case when g <= 150 then ${dense.id}::int else (${`{${sparse.join(',')}}`}::int[])[1 + (g - 151) % 29] end as node
               from generate_series(1, 295) g),
      made as (insert into process (entreprise_id, numero, process_modele_id, key, nom_process, date_debut, equipement, type_consignation,
                 etat, current_ordre, raw_data, created_by_id, last_modify_by_id, modele_libelle, package)
        select ${acme}, (900000 - spec.g) * 100, m.id, md5('cle' || spec.g), 'Clé ' || spec.g, now(),
               jsonb_build_object('id', spec.node, 'libelle', 'Nœud ' || spec.node), 1, 'en_cours', 1, '{}'::jsonb, u.id, u.id, m.libelle, m.package
        from spec cross join m cross join u returning id, entreprise_id)
      insert into consignation (process_id, entreprise_id, etat, mode) select id, entreprise_id, 'demande', 'une_etape' from made returning process_id`,
  );
}, 180_000);
afterAll(() => t?.close());

/** The ids of a page of the register, for a scope read from the nodes (`nodes`) or by the walk in order (null). */
async function page(nodes: number[] | null, offset: number, perPage: number, ids = [dense.id, ...sparse]): Promise<number[]> {
  const scope: RegistreScope = {
    entrepriseId: t.ids.acme,
    processes: null,
    equipement: { anywhere: ids, regions: [], elsewhere: null },
    nodes,
  };
  const { rows } = await withSystem(t.server.database.db, 'test: registre page keys', (tx) => registrePage(tx, scope, {}, offset, perPage));
  return rows.map((r) => r.processId);
}

describe('the register page from the nodes a caller reads', () => {
  it('reads a few keys per node: enough for twice the page spread over the nodes, a power of two, at most the page', () => {
    expect(
      [
        [100, 31],
        [100, 89],
        [100, 5],
        [200, 31],
        [100, 1],
        [1600, 3],
      ].map(([limit, nodes]) => probeSize(limit, nodes)),
    ).toEqual([8, 8, 64, 16, 100, 1600]);
    expect([1, 100, 101, 250, 1000].map(walkLimit)).toEqual([100, 100, 200, 400, 1600]);
  });

  const nodes = () => [0, dense.id, ...sparse];
  const cases: [string, number, number][] = [
    ['the first page, held by the loaded node', 0, 100],
    ['a page past it', 100, 100],
    ['small pages', 0, 10],
    ['a small page further on', 140, 10],
    ['the end of the register', 280, 100],
  ];

  it.each(cases)('free lockouts: %s, the same rows in the same order as the walk', async (_label, offset, perPage) => {
    const got = await page(nodes(), offset, perPage);
    expect(got).toEqual(await page(null, offset, perPage));
    if (offset === 0 && perPage === 100) expect(got.length).toBe(100);
  });

  it('the first page is the loaded node’s newest lockouts, all read although each node first gives 8', async () => {
    const first = await page(nodes(), 0, 100);
    const loaded = await sysRows<{ id: number }>(
      t,
      sql`select id from process where entreprise_id = ${t.ids.acme} and equipement_registre_id = ${dense.id} and has_lockout
          order by sequenced, numero desc limit 100`,
    );
    expect(probeSize(walkLimit(100), nodes().length)).toBe(8);
    expect(first).toEqual(loaded.map((r) => r.id));
  });

  it.each(cases)('the loaded node sequenced (after every free one): %s, as the walk', async (_label, offset, perPage) => {
    await sysRows(
      t,
      sql`update process set sequenced = true where entreprise_id = ${t.ids.acme} and equipement_registre_id = ${dense.id} returning id`,
    );
    expect(await page(nodes(), offset, perPage)).toEqual(await page(null, offset, perPage));
  });

  it.each(cases)('a few sparse lockouts sequenced too: %s, as the walk', async (_label, offset, perPage) => {
    await sysRows(
      t,
      sql`update process set sequenced = true where entreprise_id = ${t.ids.acme} and equipement_registre_id = ${sparse[3]} returning id`,
    );
    expect(await page(nodes(), offset, perPage)).toEqual(await page(null, offset, perPage));
  });

  it.each(cases)('the loaded node free but older, every sparse one sequenced: %s, as the walk', async (_label, offset, perPage) => {
    // The page's last key read first is then a sequenced one, after the loaded node's free keys whatever their numbers.
    await sysRows(
      t,
      sql`update process set sequenced = (equipement_registre_id <> ${dense.id}),
            numero = case when equipement_registre_id = ${dense.id} and numero > 50000000 then numero - 50000000 else numero end
          where entreprise_id = ${t.ids.acme} and equipement_registre_id = any(${`{${[dense.id, ...sparse].join(',')}}`}::int[]) returning id`,
    );
    expect(await page(nodes(), offset, perPage)).toEqual(await page(null, offset, perPage));
  });
});

describe('a node re-read when its probe ends just before the page’s last key', () => {
  // A page of 100 from three nodes, 64 keys probed on each. In the register's order: B1…B35, A1…A64 (the 36th to the
  // 99th), A65 (the true 100th, not probed), then A's others and C's. The probe's first 100 are B1…B35, A1…A64 and C1:
  // A's whole probe is among them, so A is read again and A65 comes in. Counting A's probe among fewer than the page's
  // first keys of the probe would leave A65 out.
  const N: Record<'a' | 'b' | 'c', number> = { a: 0, b: 0, c: 0 };
  const made: { id: number; node: number }[] = [];
  beforeAll(async () => {
    const root = (await call(t, 'acmeAdmin', 'POST', '/api/v2/equipement/create', { parentId: null, name: 'Site de la borne' })).id;
    for (const k of ['a', 'b', 'c'] as const)
      N[k] = (await call(t, 'acmeAdmin', 'POST', '/api/v2/equipement/create', { parentId: root, name: `Borne ${k}` })).id;
    const acme = t.ids.acme;
    // Newest first: 35 on B, 70 on A, 10 on C, numbered from 700 000 down.
    const nodesInOrder = [...Array(35).fill(N.b), ...Array(70).fill(N.a), ...Array(10).fill(N.c)] as number[];
    const rows = await sysRows<{ id: number; node: number }>(
      t,
      sql`with m as (select id, libelle, package from process_modele where entreprise_id = ${acme} and package = 'mc' order by id limit 1),
        u as (select id from utilisateur where entreprise_id = ${acme} order by id limit 1),
        spec as (select node, 700000 - i as n from unnest(${`{${nodesInOrder.join(',')}}`}::int[]) with ordinality as x(node, i)),
        made as (insert into process (entreprise_id, numero, process_modele_id, key, nom_process, date_debut, equipement, type_consignation,
                   etat, current_ordre, raw_data, created_by_id, last_modify_by_id, modele_libelle, package)
          select ${acme}, spec.n * 100, m.id, md5('borne' || spec.n), 'Borne ' || spec.n, now(),
                 jsonb_build_object('id', spec.node, 'libelle', 'Borne ' || spec.node), 1, 'en_cours', 1, '{}'::jsonb, u.id, u.id, m.libelle, m.package
          from spec cross join m cross join u returning id, entreprise_id, equipement_registre_id as node, numero),
        c as (insert into consignation (process_id, entreprise_id, etat, mode) select id, entreprise_id, 'demande', 'une_etape' from made)
      select id, node from made order by numero desc`,
    );
    made.push(...rows);
  });

  it('the first 100 are B1…B35 and A1…A65, as the walk gives them', async () => {
    const ids = [N.a, N.b, N.c];
    expect(probeSize(walkLimit(100), 4)).toBe(64);
    const got = await page([0, ...ids], 0, 100, ids);
    expect(got).toEqual(await page(null, 0, 100, ids));
    expect(got).toEqual(made.slice(0, 100).map((r) => r.id));
    expect(got.filter((id) => made.find((r) => r.id === id)?.node === N.a)).toHaveLength(65);
  });
});

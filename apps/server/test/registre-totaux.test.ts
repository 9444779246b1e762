import { ETATS_CONSIGNATION_OUVERTS } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactRegistreTotals } from '../src/modules/consignation/consignation-registre.repository.ts';
import { withSystem } from '../src/platform/db/tenant.ts';
import { type Actor, startTestApp, type TestApp } from './harness.ts';
import { call, consignedLockout, move, newLockout, sysRows } from './matrix/consignation-fixtures.ts';

// Ticket 15, the register's totals kept by triggers (migration 0032, docs/DECISIONS.md « Ticket 15 — totaux du
// registre tenus par déclencheurs »): after every kind of write (a lockout created, moved through its states, its
// process moved to another equipment or deleted, a compaction, many of them at once) the counters say exactly what
// counting the lockouts says, per company, per equipment and per state; the register's totals read them.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t?.close());

interface Key {
  entreprise_id: number;
  node: number;
  etat: string;
  n: number;
}
const keyOf = (k: Key) => `${k.entreprise_id}/${k.node}/${k.etat}`;
const asMap = (rows: Key[]) => new Map(rows.map((k) => [keyOf(k), Number(k.n)]));

/** The counters' sums (zeros left out) and the lockouts counted, per company, equipment (-1: all) and state. */
async function countersAndCounts() {
  const counters = await sysRows<Key>(
    t,
    sql`select entreprise_id, equipement_registre_id as node, etat, sum(n)::int as n from consignation_etat_compte
        group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`,
  );
  const counted = await sysRows<Key>(
    t,
    sql`select c.entreprise_id, k.node, c.etat, count(*)::int as n from consignation c join process p on p.id = c.process_id
        cross join lateral (values (-1), (p.equipement_registre_id)) as k(node) group by 1, 2, 3 order by 1, 2, 3`,
  );
  return { counters: asMap(counters), counted: asMap(counted) };
}

async function expectCountersExact() {
  const { counters, counted } = await countersAndCounts();
  expect(counted.size).toBeGreaterThan(0);
  expect(counters).toEqual(counted);
}

const registre = (as: Actor, query = '') => call(t, as, 'GET', `/api/v2/consignation/get_by_paging?perPage=1000${query}`);
const firstRow = () => call(t, 'acmeAdmin', 'GET', '/api/v2/consignation/get_by_paging?perPage=1');
const lockoutsOf = (entrepriseId: number, etats?: readonly string[]) =>
  sysRows<{ n: number }>(
    t,
    sql`select count(*)::int as n from consignation where entreprise_id = ${entrepriseId}
        ${etats ? sql`and etat = any(${`{${etats.join(',')}}`}::text[])` : sql``}`,
  ).then((r) => Number(r[0].n));
const rowsOfCounters = () =>
  sysRows<{ n: number }>(t, sql`select count(*)::int as n from consignation_etat_compte`).then((r) => Number(r[0].n));
const compact = () => withSystem(t.server.database.db, 'test: fold the register counters', (tx) => compactRegistreTotals(tx));

describe('the register’s counters', () => {
  it('count the demo’s lockouts once the migrations have run', async () => {
    await expectCountersExact();
  });

  it('follow a lockout created, prepared, consigned, worked on and cancelled', async () => {
    const a = await newLockout(t);
    await expectCountersExact();
    await move(t, a, 'preparee');
    await expectCountersExact();
    const b = await consignedLockout(t);
    await expectCountersExact();
    await move(t, b, 'travaux_autorises');
    await move(t, a, 'annulee');
    await expectCountersExact();
  });

  it('follow a daughter under its mother, and a mother’s essai that interrupts its daughters', async () => {
    const mere = await consignedLockout(t);
    await newLockout(t, { typeConsignation: 7, parentId: mere });
    await newLockout(t, { typeConsignation: 7, parentId: mere });
    await expectCountersExact();
    await move(t, mere, 'travaux_autorises');
    await move(t, mere, 'deconsignee_essai');
    await expectCountersExact();
  });

  it('move a lockout’s count from one equipment to the other when its process changes equipment', async () => {
    const id = await newLockout(t, { equipement: { id: 999_001, libelle: 'Ancien' } });
    await sysRows(t, sql`update process set equipement = '{"id": 999002, "libelle": "Nouveau"}'::jsonb where id = ${id} returning id`);
    await expectCountersExact();
    const [{ n }] = await sysRows<{ n: number }>(
      t,
      sql`select coalesce(sum(n), 0)::int as n from consignation_etat_compte where equipement_registre_id = 999001`,
    );
    expect(Number(n)).toBe(0);
    // A change that keeps the node (another label) writes nothing.
    const before = await rowsOfCounters();
    await sysRows(t, sql`update process set equipement = '{"id": 999002, "libelle": "Renommé"}'::jsonb where id = ${id} returning id`);
    expect(await rowsOfCounters()).toBe(before);
  });

  it('forget a lockout whose process is deleted (its record goes by cascade)', async () => {
    const id = await newLockout(t);
    await move(t, id, 'preparee');
    await sysRows(t, sql`delete from process where id = ${id} returning id`);
    await expectCountersExact();
  });

  it('stay exact when many lockouts change state at once', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, () => newLockout(t)));
    await Promise.all([...ids.map((id) => move(t, id, 'preparee')), compact()]);
    await expectCountersExact();
    await Promise.all([...ids.slice(0, 6).map((id) => move(t, id, 'annulee')), compact(), compact()]);
    await expectCountersExact();
  });

  it('fold into one row per key without changing a sum, even two foldings at once', async () => {
    await newLockout(t);
    const before = await countersAndCounts();
    const rowsBefore = await rowsOfCounters();
    const [a, b] = await Promise.all([compact(), compact()]);
    expect(a + b).toBeGreaterThan(0);
    expect(await rowsOfCounters()).toBeLessThan(rowsBefore);
    const [{ n: duplicated }] = await sysRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from (select 1 from consignation_etat_compte group by entreprise_id, equipement_registre_id, etat
          having count(*) > 1 or sum(n) = 0) d`,
    );
    expect(Number(duplicated)).toBe(0);
    const after = await countersAndCounts();
    expect(after.counters).toEqual(before.counters);
    expect(await compact()).toBe(0);
  });

  it('are read by no one but the company’s own register (row-level security)', async () => {
    const rows = await withSystem(t.server.database.db, 'test: RLS on the counters', async (tx) => {
      await tx.execute(sql`set local app.system = ''`);
      await tx.execute(sql`set local role securite_app`);
      await tx.execute(sql`select set_config('app.entreprise_id', ${String(t.ids.beta)}, true)`);
      return (
        (await tx.execute(sql`select distinct entreprise_id from consignation_etat_compte`)) as unknown as {
          rows: { entreprise_id: number }[];
        }
      ).rows;
    });
    expect(rows.map((r) => r.entreprise_id).every((e) => e === t.ids.beta)).toBe(true);
  });
});

describe('the register’s totals', () => {
  it('the whole register, the open lockouts and one state: exact, from the counters', async () => {
    const all = await registre('acmeAdmin');
    expect(all.totalExact).toBe(true);
    expect(all.total).toBe(await lockoutsOf(t.ids.acme));
    expect(all.items.length).toBe(all.total);
    const open = await registre('acmeAdmin', '&ouvertes=true');
    expect(open.total).toBe(await lockoutsOf(t.ids.acme, ETATS_CONSIGNATION_OUVERTS));
    expect(open.items.length).toBe(open.total);
    const prepared = await registre('acmeAdmin', '&etat=preparee');
    expect(prepared.total).toBe(await lockoutsOf(t.ids.acme, ['preparee']));
    expect(prepared.items.every((r: { etat: string }) => r.etat === 'preparee')).toBe(true);
  });

  it('come from the counters, not from counting (a delta written by hand shows in the total, once taken back it is gone)', async () => {
    const before = (await firstRow()).total;
    await sysRows(
      t,
      sql`insert into consignation_etat_compte (entreprise_id, equipement_registre_id, etat, n) values (${t.ids.acme}, -1, 'demande', 5) returning n`,
    );
    expect((await firstRow()).total).toBe(before + 5);
    await sysRows(
      t,
      sql`insert into consignation_etat_compte (entreprise_id, equipement_registre_id, etat, n) values (${t.ids.acme}, -1, 'demande', -5) returning n`,
    );
    expect((await firstRow()).total).toBe(before);
  });

  it('dates go out as ISO 8601 in UTC, to the millisecond, as the process stores them', async () => {
    const page = await registre('acmeAdmin');
    const stored = await sysRows<{ id: number; debut: string | null; fin: string | null; consignee: string | null }>(
      t,
      sql`select p.id, to_char(p.date_debut at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as debut,
          to_char(p.date_fin at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as fin,
          to_char(c.consignee_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as consignee
          from process p join consignation c on c.process_id = p.id where p.entreprise_id = ${t.ids.acme}`,
    );
    const byId = new Map(stored.map((r) => [r.id, r]));
    expect(page.items.some((r: { consigneeAt: string | null }) => r.consigneeAt !== null)).toBe(true);
    for (const r of page.items as { processId: number; dateDebut: string | null; dateFin: string | null; consigneeAt: string | null }[]) {
      const s = byId.get(r.processId);
      expect([r.dateDebut, r.dateFin, r.consigneeAt]).toEqual([s?.debut, s?.fin, s?.consignee]);
    }
  });

  it('past the last page: no row, the same total', async () => {
    const all = await registre('acmeAdmin');
    const past = await call(t, 'acmeAdmin', 'GET', `/api/v2/consignation/get_by_paging?perPage=10&offset=${all.total + 10}`);
    expect(past.items).toEqual([]);
    expect(past.total).toBe(all.total);
  });

  it('the technician’s nodes, from their counters: the rows he sees', async () => {
    const page = await registre('acmeTechnicien');
    expect(page.total).toBe(page.items.length);
    const open = await registre('acmeTechnicien', '&ouvertes=true');
    expect(open.total).toBe(open.items.length);
    expect(open.total).toBeLessThanOrEqual(page.total);
  });
});

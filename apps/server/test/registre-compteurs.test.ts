import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, startTestApp, type TestApp } from './harness.ts';
import { call, consignedLockout, FIVE, move, newLockout, sysRows } from './matrix/consignation-fixtures.ts';

// Ticket 15, a lockout's counts kept on its record (migration 0033, docs/DECISIONS.md « Ticket 15 — les comptes d'une
// consignation tenus sur son enregistrement »): after every kind of write of its parts (points copied and added,
// personal padlocks put on and taken off, the absent-worker procedure, attestations, daughters, a deleted process,
// many writers at once) every record says what counting its parts says; the register shows those counts; and the
// migration's own count of the existing lockouts gives the same.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t?.close());

interface Counts {
  process_id: number;
  points: number;
  cadenas: number;
  poses: number;
  attestation: number | null;
  filles: number;
}

const KEPT = sql`select process_id, points_total as points, cadenas_total as cadenas, cadenas_poses as poses,
  attestation_numero as attestation, filles_total as filles from consignation order by process_id`;

const COUNTED = sql`select c.process_id,
    (select count(*)::int from consignation_point x where x.process_id = c.process_id) as points,
    (select count(*)::int from consignation_cadenas k where k.process_id = c.process_id) as cadenas,
    (select count(*)::int from consignation_cadenas k where k.process_id = c.process_id and k.retrait_at is null) as poses,
    (select max(a.numero) from consignation_attestation a where a.process_id = c.process_id and a.type = 'consignation') as attestation,
    (select count(*)::int from consignation f where f.mere_id = c.process_id) as filles
  from consignation c order by c.process_id`;

async function expectRecordsExact() {
  const [kept, counted] = [await sysRows<Counts>(t, KEPT), await sysRows<Counts>(t, COUNTED)];
  expect(counted.length).toBeGreaterThan(0);
  expect(kept).toEqual(counted);
}

const recordOf = async (id: number) => (await sysRows<Counts>(t, KEPT)).find((r) => r.process_id === id);
const registreRow = async (id: number, as: Actor = 'acmeTechnicien') =>
  (await call(t, as, 'GET', '/api/v2/consignation/get_by_paging?perPage=1000')).items.find(
    (r: { processId: number }) => r.processId === id,
  );

const addPoint = (processId: number, repere: string) =>
  call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/point/create', {
    processId,
    repere,
    energie: 'electrique',
    dispositif: 'Disjoncteur',
    positionRequise: 'ouvert',
    numeroCadenas: `C-${repere}`,
  });
const putPadlock = (processId: number, utilisateurId: number, numero: string) =>
  call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/cadenas/create', { processId, utilisateurId, numero });

describe('a lockout’s counts on its record', () => {
  it('hold the demo’s points, padlocks, attestations and daughters once the demo is written', async () => {
    await expectRecordsExact();
    const kept = await sysRows<Counts>(t, KEPT);
    // The demo has lockouts with each kind of part: the counts are not all zeros.
    expect(kept.some((r) => r.points > 0)).toBe(true);
    expect(kept.some((r) => r.cadenas > r.poses && r.poses > 0)).toBe(true);
    expect(kept.some((r) => r.attestation !== null)).toBe(true);
    expect(kept.some((r) => r.filles >= 2)).toBe(true);
  });

  it('follow points added, padlocks put on and taken off, the absent-worker procedure and the attestation', async () => {
    const id = await newLockout(t);
    await move(t, id, 'preparee');
    await addPoint(id, 'Q1');
    await addPoint(id, 'Q2');
    await expectRecordsExact();
    for (const operation of FIVE)
      await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/operation/sign', { processId: id, operation });
    const att = await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/attestation/create', { processId: id, type: 'consignation' });
    const numero = att.attestations.find((a: { type: string }) => a.type === 'consignation').numero;
    expect((await recordOf(id))?.attestation).toBe(numero);
    const d = await putPadlock(id, t.ids.user.acmeTechnicien, 'P-1');
    await putPadlock(id, t.ids.user.acmeResponsable, 'P-2');
    expect(await recordOf(id)).toMatchObject({ points: 2, cadenas: 2, poses: 2 });
    const mine = d.cadenas.find((c: { utilisateurId: number }) => c.utilisateurId === t.ids.user.acmeTechnicien);
    await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/cadenas/remove', { id: mine.id });
    expect(await recordOf(id)).toMatchObject({ cadenas: 2, poses: 1 });
    const his = (await call(t, 'acmeTechnicien', 'GET', `/api/v2/consignation/get/${id}`)).cadenas.find(
      (c: { utilisateurId: number }) => c.utilisateurId === t.ids.user.acmeResponsable,
    );
    await call(t, 'acmeTechnicien', 'POST', '/api/v2/consignation/cadenas/remove_absent', {
      id: his.id,
      motif: 'Parti en fin de poste sans retirer son cadenas.',
      temoinId: t.ids.user.acmeAdmin,
    });
    // A second padlock of the same worker once his first is off.
    await putPadlock(id, t.ids.user.acmeTechnicien, 'P-3');
    expect(await recordOf(id)).toMatchObject({ points: 2, cadenas: 3, poses: 1, attestation: numero });
    await expectRecordsExact();
    // The register shows the record's counts.
    expect(await registreRow(id)).toMatchObject({ points: 2, cadenasTotal: 3, cadenasPoses: 1, attestationNumero: numero });
  });

  it('count a mother’s daughters, which its register row lists, and forget a deleted daughter', async () => {
    const mere = await consignedLockout(t);
    await move(t, mere, 'en_cours');
    const filles = [
      await newLockout(t, { typeConsignation: 7, parentId: mere }),
      await newLockout(t, { typeConsignation: 7, parentId: mere }),
    ];
    expect((await recordOf(mere))?.filles).toBe(2);
    expect((await registreRow(mere)).filles.map((f: { processId: number }) => f.processId).sort()).toEqual([...filles].sort());
    // A lockout without daughters lists none (the record says so: its daughters are not looked for).
    expect((await registreRow(filles[0])).filles).toEqual([]);
    await sysRows(t, sql`delete from process where id = ${filles[1]} returning id`);
    expect((await recordOf(mere))?.filles).toBe(1);
    expect((await registreRow(mere)).filles.map((f: { processId: number }) => f.processId)).toEqual([filles[0]]);
    await expectRecordsExact();
  });

  it('stay exact when padlocks of many lockouts are put on and taken off at once', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => consignedLockout(t)));
    const holders = [t.ids.user.acmeTechnicien, t.ids.user.acmeResponsable, t.ids.user.acmeAdmin];
    const put = await Promise.all(
      ids.flatMap((id, i) =>
        holders.map((u, k) =>
          t.req('acmeTechnicien', 'POST', '/api/v2/consignation/cadenas/create', {
            processId: id,
            utilisateurId: u,
            numero: `M-${i}-${k}`,
          }),
        ),
      ),
    );
    expect(put.map((r) => r.statusCode).every((c) => c === 200)).toBe(true);
    for (const id of ids) expect(await recordOf(id)).toMatchObject({ cadenas: 3, poses: 3 });
    const own = await Promise.all(ids.map((id) => call(t, 'acmeTechnicien', 'GET', `/api/v2/consignation/get/${id}`)));
    const mine = own.map((d) => d.cadenas.find((c: { utilisateurId: number }) => c.utilisateurId === t.ids.user.acmeTechnicien).id);
    // Each removal sent twice at once: one wins, the other is told it is already off.
    const removed = await Promise.all(
      [...mine, ...mine].map((id) => t.req('acmeTechnicien', 'POST', '/api/v2/consignation/cadenas/remove', { id })),
    );
    expect(removed.filter((r) => r.statusCode === 200)).toHaveLength(ids.length);
    for (const id of ids) expect(await recordOf(id)).toMatchObject({ cadenas: 3, poses: 2 });
    await expectRecordsExact();
  });

  it('the migration counts the existing lockouts as the triggers do', async () => {
    const before = await sysRows<Counts>(t, KEPT);
    // The counts as they were before migration 0033 (none kept), then its own statements that count them.
    await sysRows(
      t,
      sql`update consignation set points_total = 0, cadenas_total = 0, cadenas_poses = 0, attestation_numero = null, filles_total = 0 returning 1`,
    );
    const migration = readFileSync(new URL('../migrations/0033_registre_compteurs.sql', import.meta.url), 'utf8');
    const counting = migration
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
      .filter((s) => s.startsWith('UPDATE consignation c SET'));
    expect(counting).toHaveLength(4);
    for (const s of counting) await sysRows(t, sql.raw(s));
    expect(await sysRows<Counts>(t, KEPT)).toEqual(before);
    await expectRecordsExact();
  });
});

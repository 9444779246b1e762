import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { withSystem } from '../../src/platform/db/tenant.ts';
import type { Actor, TestApp } from '../harness.ts';

// Lockouts of their own for the consignation tests and matrix rows (the demo's are read, never changed): created
// through the API on Acme's « Consignation électrique », brought to the state a case needs.

let n = 0;

export const sysRows = async <T>(t: TestApp, q: ReturnType<typeof sql>): Promise<T[]> =>
  withSystem(t.server.database.db, 'test: consignation fixtures', async (tx) => ((await tx.execute(q)) as unknown as { rows: T[] }).rows);

export async function call(t: TestApp, as: Actor, method: string, url: string, body?: unknown, status = 200) {
  const r = await t.req(as, method, url, body);
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(status);
  return r.json();
}

export async function lockoutWorkflow(t: TestApp): Promise<number> {
  const [w] = await sysRows<{ id: number }>(
    t,
    sql`select id from process_modele where entreprise_id = ${t.ids.acme} and libelle = 'Consignation électrique'`,
  );
  return w.id;
}

/** A new lockout of Acme (state demande), by the technician. */
export async function newLockout(t: TestApp, body: Record<string, unknown> = {}, as: Actor = 'acmeTechnicien'): Promise<number> {
  n++;
  const p = await call(t, as, 'POST', '/api/v3/process/create', {
    processModeleId: await lockoutWorkflow(t),
    typeConsignation: 1,
    nomProcess: `Consignation de test ${n} ${Date.now().toString(36)}`,
    ...body,
  });
  return p.id;
}

export const move = (t: TestApp, processId: number, etat: string, as: Actor = 'acmeTechnicien') =>
  call(t, as, 'POST', '/api/v2/consignation/transition', { processId, etat });

export const FIVE = ['separation', 'condamnation', 'identification', 'vat', 'malt_cc'];

/** A lockout consigned in one step (prepared, its five operations signed, its attestation signed by `as`). */
export async function consignedLockout(t: TestApp, body: Record<string, unknown> = {}, as: Actor = 'acmeTechnicien'): Promise<number> {
  const id = await newLockout(t, body);
  await move(t, id, 'preparee');
  for (const operation of FIVE) await call(t, as, 'POST', '/api/v2/consignation/operation/sign', { processId: id, operation });
  await call(t, as, 'POST', '/api/v2/consignation/attestation/create', { processId: id, type: 'consignation' });
  return id;
}

/** The lockout's detail. */
export const detail = (t: TestApp, id: number, as: Actor = 'acmeTechnicien') => call(t, as, 'GET', `/api/v2/consignation/get/${id}`);

/** A demo process of Acme by its name. */
export async function demoProcess(t: TestApp, nom: string): Promise<number> {
  const [p] = await sysRows<{ id: number }>(t, sql`select id from process where entreprise_id = ${t.ids.acme} and nom_process = ${nom}`);
  return p.id;
}

import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { withSystem } from '../../src/platform/db/tenant.ts';
import type { Actor, TestApp } from '../harness.ts';

// Work permits (ticket 15): permits built through the routes on processes of Acme's demo « Permis de feu » workflow.

const H = 3_600_000;
/** An instant `hours` from now (ISO). */
export const inHours = (hours: number) => new Date(Date.now() + hours * H).toISOString();

async function rows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  const r = await withSystem(t.server.database.db, 'test: permit fixtures', (tx) => tx.execute(query));
  return (r as unknown as { rows: T[] }).rows;
}

/** Acme's demo workflow of the `permis` package (« Permis de feu »), or of `mc` (« Consignation électrique »). */
export async function workflowOf(t: TestApp, libelle: 'Permis de feu' | 'Consignation électrique', entrepriseId = t.ids.acme) {
  const [w] = await rows<{ id: number }>(
    t,
    sql`select id from process_modele where entreprise_id = ${entrepriseId} and libelle = ${libelle} order by id limit 1`,
  );
  return Number(w.id);
}

/** A new process of Acme's « Permis de feu » (or of its electrical lockout), created by the technicien. */
export async function mkProcess(t: TestApp, kind: 'permis' | 'consignation' = 'permis', as: Actor = 'acmeTechnicien') {
  const processModeleId = await workflowOf(t, kind === 'permis' ? 'Permis de feu' : 'Consignation électrique');
  const r = await t.req(as, 'POST', '/api/v3/process/create', {
    processModeleId,
    nomProcess: `${kind === 'permis' ? 'Permis' : 'Consignation'} ${Math.random().toString(36).slice(2, 7)}`,
    ...(kind === 'consignation' ? { typeConsignation: 1 } : {}),
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().id as number;
}

const ok = async (t: TestApp, as: Actor, method: string, url: string, body?: unknown) => {
  const r = await t.req(as, method, url, body);
  expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
  return r.json();
};

export interface PermitOptions {
  type?: 'travail' | 'feu';
  complements?: string[];
  consignationIds?: number[];
  debut?: string;
  fin?: string;
}

/** A requested permit on a new process. */
export async function mkPermit(t: TestApp, o: PermitOptions = {}) {
  const processId = await mkProcess(t);
  const p = await ok(t, 'acmeTechnicien', 'PUT', '/api/v2/permis/update', {
    processId,
    type: o.type ?? 'travail',
    complements: o.complements ?? [],
    modeValidite: o.type === 'feu' || o.complements?.includes('feu') ? 'operation' : null,
    dateDebut: o.debut ?? inHours(-1),
    dateFin: o.fin ?? inHours(8),
    travaux: 'Remplacement d’une vanne',
    ...(o.consignationIds ? { consignationIds: o.consignationIds } : {}),
  });
  return { processId, permis: p };
}

/** Signs the délivrance: admin as émetteur, technicien as exécutant, responsable as surveillant for hot work. */
export async function issue(t: TestApp, processId: number, feu: boolean) {
  await ok(t, 'acmeAdmin', 'POST', '/api/v2/permis/sign', { processId, acte: 'delivrance', role: 'emetteur' });
  let p = await ok(t, 'acmeTechnicien', 'POST', '/api/v2/permis/sign', { processId, acte: 'delivrance', role: 'executant' });
  if (feu) p = await ok(t, 'acmeResponsable', 'POST', '/api/v2/permis/sign', { processId, acte: 'delivrance', role: 'surveillant' });
  return p;
}

/** A permit in progress (issued and started). */
export async function mkRunningPermit(t: TestApp, o: PermitOptions = {}) {
  const { processId } = await mkPermit(t, o);
  const feu = o.type === 'feu' || !!o.complements?.includes('feu');
  await issue(t, processId, feu);
  const permis = await ok(t, 'acmeTechnicien', 'POST', '/api/v2/permis/start', { processId });
  return { processId, permis };
}

/** A permit at its fin de travaux (both sides signed). */
export async function mkEndedPermit(t: TestApp, o: PermitOptions = {}) {
  const { processId } = await mkRunningPermit(t, o);
  await ok(t, 'acmeAdmin', 'POST', '/api/v2/permis/sign', { processId, acte: 'fin_travaux', role: 'emetteur' });
  const permis = await ok(t, 'acmeTechnicien', 'POST', '/api/v2/permis/sign', { processId, acte: 'fin_travaux', role: 'executant' });
  return { processId, permis };
}

/** Moves a permit's fin de travaux `minutes` into the past (the fire watch as if it had been running that long). */
export async function ageFireWatch(t: TestApp, processId: number, minutes: number) {
  await rows(
    t,
    sql`update permis set fin_travaux_at = fin_travaux_at - make_interval(mins => ${minutes}) where process_id = ${processId} returning id`,
  );
}

/** Moves a permit's window into the past (expired). */
export async function expirePermit(t: TestApp, processId: number) {
  await rows(
    t,
    sql`update permis set date_debut = now() - interval '10 hours', date_fin = now() - interval '1 hour' where process_id = ${processId} returning id`,
  );
}

/** The permit row as stored. */
export async function permitRow(t: TestApp, processId: number) {
  const [r] = await rows<Record<string, unknown>>(t, sql`select * from permis where process_id = ${processId}`);
  return r;
}

export async function count(t: TestApp, table: string, processId: number) {
  const [r] = await rows<{ n: number }>(
    t,
    sql`select count(*)::int as n from ${sql.identifier(table)} x join permis p on p.id = x.permis_id where p.process_id = ${processId}`,
  );
  return Number(r.n);
}

import type { ServiceModele, ServiceType } from '@app/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { serviceModele } from './service-modele.tables.ts';

/** A company's services (of one type, or all), in their order, each with its number of people. */
export async function listServices(tx: Tx, entrepriseId: number, type?: ServiceType): Promise<ServiceModele[]> {
  const rows = await tx
    .select({
      id: serviceModele.id,
      entrepriseId: serviceModele.entrepriseId,
      libelle: serviceModele.libelle,
      type: serviceModele.type,
      couleur: serviceModele.couleur,
      idx: serviceModele.idx,
      nbUtilisateurs: sql<number>`(select count(*)::int from ${utilisateur} u where u.service_modele_id = "service_modele"."id")`,
    })
    .from(serviceModele)
    .where(and(eq(serviceModele.entrepriseId, entrepriseId), type ? eq(serviceModele.type, type) : undefined))
    .orderBy(asc(serviceModele.idx), asc(serviceModele.id));
  return rows.map((r) => ({ ...r, type: r.type as ServiceType }));
}

/** Adds a service at the end of the company's list; concurrent creations of one company wait on each other so idx stays unique. */
export async function insertService(tx: Tx, v: { entrepriseId: number; libelle: string; couleur: string | null; type: ServiceType }) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('service_modele'), ${v.entrepriseId})`);
  const [{ max }] = await tx
    .select({ max: sql<number>`coalesce(max(${serviceModele.idx}), -1)` })
    .from(serviceModele)
    .where(eq(serviceModele.entrepriseId, v.entrepriseId));
  const [row] = await tx
    .insert(serviceModele)
    .values({ ...v, idx: Number(max) + 1 })
    .returning({ id: serviceModele.id });
  return row.id;
}

/** Changes a service of the company and type; false when there is none. */
export async function updateService(
  tx: Tx,
  entrepriseId: number,
  type: ServiceType,
  id: number,
  v: { libelle?: string; couleur?: string | null },
): Promise<boolean> {
  const r = await tx
    .update(serviceModele)
    .set(v)
    .where(and(eq(serviceModele.id, id), eq(serviceModele.entrepriseId, entrepriseId), eq(serviceModele.type, type)))
    .returning({ id: serviceModele.id });
  return r.length > 0;
}

/** Deletes a service of the company and type; false when there is none. */
export async function deleteService(tx: Tx, entrepriseId: number, type: ServiceType, id: number): Promise<boolean> {
  const r = await tx
    .delete(serviceModele)
    .where(and(eq(serviceModele.id, id), eq(serviceModele.entrepriseId, entrepriseId), eq(serviceModele.type, type)))
    .returning({ id: serviceModele.id });
  return r.length > 0;
}

/** How many people (visible in the scope) are in this service. */
export async function countUsersOfService(tx: Tx, id: number): Promise<number> {
  const [used] = await tx.select({ n: count() }).from(utilisateur).where(eq(utilisateur.serviceModeleId, id));
  return used.n;
}

/** Of these services, the company's, locked until the end of the transaction. */
export async function lockServicesAmong(tx: Tx, entrepriseId: number, ids: number[]) {
  const r = await tx
    .select({ id: serviceModele.id })
    .from(serviceModele)
    .where(and(eq(serviceModele.entrepriseId, entrepriseId), inArray(serviceModele.id, ids)))
    .for('update');
  return r.map((x) => x.id);
}

/** Rewrites idx from the order of the ids, in one statement. */
export async function arrangeServices(tx: Tx, ids: number[]) {
  await tx.execute(sql`update service_modele s set idx = v.ord - 1
      from unnest(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) with ordinality as v(id, ord) where s.id = v.id`);
}

/** The service when it is one of the company's (any type), else null. */
export async function serviceOf(tx: Tx, id: number, entrepriseId: number) {
  const [s] = await tx
    .select({ id: serviceModele.id })
    .from(serviceModele)
    .where(and(eq(serviceModele.id, id), eq(serviceModele.entrepriseId, entrepriseId)));
  return s ?? null;
}

/** Of these services, those of the company (any type: its own, its contractors', its suppliers'). */
export async function servicesAmong(tx: Tx, entrepriseId: number, ids: number[]) {
  const r = await tx
    .select({ id: serviceModele.id })
    .from(serviceModele)
    .where(and(eq(serviceModele.entrepriseId, entrepriseId), inArray(serviceModele.id, ids)));
  return r.map((x) => x.id);
}

import { API, abilitiesOn, type ServiceModele, type ServiceType } from '@app/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Caller } from '../../platform/auth/caller.ts';
import type { Tx } from '../../platform/db/engine.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { serviceModele } from './service-modele.tables.ts';

const S = API.serviceModele;
const decorate = (caller: Caller, rows: ServiceModele[]) =>
  rows.map((s) => ({ ...s, abilities: abilitiesOn(caller.ability, 'ServiceModele', s) }));

async function list(tx: Tx, entrepriseId: number, type?: ServiceType): Promise<ServiceModele[]> {
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

async function one(tx: Tx, entrepriseId: number, id: number, type: ServiceType) {
  const found = (await list(tx, entrepriseId, type)).find((s) => s.id === id);
  if (!found) throw notFound('Service introuvable.');
  return found;
}

function create(type: ServiceType) {
  return async (
    { tx, caller }: { tx: Tx; caller: { entrepriseId: number } },
    { body }: { body: { libelle: string; couleur?: string | null } },
  ) => {
    // Serialise concurrent creations of one company so idx stays unique.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('service_modele'), ${caller.entrepriseId})`);
    const [{ max }] = await tx
      .select({ max: sql<number>`coalesce(max(${serviceModele.idx}), -1)` })
      .from(serviceModele)
      .where(eq(serviceModele.entrepriseId, caller.entrepriseId));
    const [row] = await tx
      .insert(serviceModele)
      .values({ entrepriseId: caller.entrepriseId, libelle: body.libelle, couleur: body.couleur ?? null, type, idx: Number(max) + 1 })
      .returning({ id: serviceModele.id });
    return one(tx, caller.entrepriseId, row.id, type);
  };
}

function update(type: ServiceType) {
  return async (
    { tx, caller }: { tx: Tx; caller: { entrepriseId: number } },
    { body }: { body: { id: number; libelle?: string; couleur?: string | null } },
  ) => {
    const r = await tx
      .update(serviceModele)
      .set({
        ...(body.libelle !== undefined ? { libelle: body.libelle } : {}),
        ...(body.couleur !== undefined ? { couleur: body.couleur } : {}),
      })
      .where(and(eq(serviceModele.id, body.id), eq(serviceModele.entrepriseId, caller.entrepriseId), eq(serviceModele.type, type)))
      .returning({ id: serviceModele.id });
    if (!r.length) throw notFound('Service introuvable.');
    return one(tx, caller.entrepriseId, body.id, type);
  };
}

function remove(type: ServiceType) {
  return async ({ tx, caller }: { tx: Tx; caller: { entrepriseId: number } }, { params }: { params: { id: number } }) => {
    const [used] = await tx.select({ n: count() }).from(utilisateur).where(eq(utilisateur.serviceModeleId, params.id));
    if (used.n > 0) throw new AppError('CONFLICT', `Ce service compte encore ${used.n} utilisateur(s) : réaffectez-les d’abord.`);
    const r = await tx
      .delete(serviceModele)
      .where(and(eq(serviceModele.id, params.id), eq(serviceModele.entrepriseId, caller.entrepriseId), eq(serviceModele.type, type)))
      .returning({ id: serviceModele.id });
    if (!r.length) throw notFound('Service introuvable.');
    return { message: 'Service supprimé avec succès.', id: params.id };
  };
}

export const serviceModeleRoutes: RouteDef[] = [
  route(S.list, async ({ tx, caller }, { query }) => decorate(caller, await list(tx, caller.entrepriseId, query.type))),
  route(S.listClient, async ({ tx, caller }) => decorate(caller, await list(tx, caller.entrepriseId, 'client'))),
  route(S.listEe, async ({ tx, caller }) => decorate(caller, await list(tx, caller.entrepriseId, 'provider'))),
  route(S.fetchByEntreprise, async ({ tx, caller, useCompany }, { params }) => {
    await useCompany(params.id);
    return decorate(caller, await list(tx, params.id));
  }),
  route(S.create, create('client')),
  route(S.createEe, create('provider')),
  route(S.createFournisseur, create('supplier')),
  route(S.update, update('client')),
  route(S.updateEe, update('provider')),
  route(S.updateFournisseur, update('supplier')),
  route(S.arrange, async ({ tx, caller }, { body }) => {
    const ids = [...new Set(body.ids)];
    const found = await tx
      .select({ id: serviceModele.id })
      .from(serviceModele)
      .where(and(eq(serviceModele.entrepriseId, caller.entrepriseId), inArray(serviceModele.id, ids)))
      .for('update');
    if (found.length !== ids.length) throw notFound('Service introuvable.');
    await tx.execute(sql`update service_modele s set idx = v.ord - 1
      from unnest(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) with ordinality as v(id, ord) where s.id = v.id`);
    return { message: 'Ordre enregistré avec succès.' };
  }),
  route(S.delete, remove('client')),
  route(S.deleteEe, remove('provider')),
  route(S.deleteFournisseur, remove('supplier')),
];

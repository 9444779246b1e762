import type { Entreprise } from '@app/contracts';
import { and, asc, count, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { entrepriseProcessModele, processModele } from '../workflow/workflow.tables.ts';
import { entreprise, entrepriseLogiciel, entrepriseRelation, logiciel } from './entreprise.tables.ts';

export const DEFAULT_SETTING = { languageCodes: ['fr'], languageCode: 'fr', timezone: 'Europe/Paris', moNumMax: null };

/** Companies visible in the transaction's scope, presented with software, relations and user counts. */
export async function listEntreprises(tx: Tx, ids?: number[]): Promise<Entreprise[]> {
  const rows = await tx
    .select()
    .from(entreprise)
    .where(ids ? inArray(entreprise.id, ids.length ? ids : [-1]) : undefined)
    .orderBy(asc(entreprise.idx), asc(entreprise.id));
  if (!rows.length) return [];
  const found = rows.map((r) => r.id);
  const logs = await tx
    .select({
      id: entrepriseLogiciel.id,
      entrepriseId: entrepriseLogiciel.entrepriseId,
      logicielId: logiciel.id,
      code: logiciel.code,
      libelle: logiciel.libelle,
      active: entrepriseLogiciel.active,
      enable: entrepriseLogiciel.enable,
    })
    .from(entrepriseLogiciel)
    .innerJoin(logiciel, eq(logiciel.id, entrepriseLogiciel.logicielId))
    .where(inArray(entrepriseLogiciel.entrepriseId, found))
    .orderBy(asc(logiciel.idx));
  const rels = await tx
    .select({
      entrepriseId: entrepriseRelation.entrepriseId,
      partenaireId: entrepriseRelation.partenaireId,
      type: entrepriseRelation.type,
      clientNom: sql<string>`(select nom from entreprise c where c.id = ${entrepriseRelation.entrepriseId})`,
      partenaireNom: sql<string>`(select nom from entreprise p where p.id = ${entrepriseRelation.partenaireId})`,
    })
    .from(entrepriseRelation)
    .where(or(inArray(entrepriseRelation.entrepriseId, found), inArray(entrepriseRelation.partenaireId, found)));
  const counts = await tx
    .select({ entrepriseId: utilisateur.entrepriseId, n: count() })
    .from(utilisateur)
    .where(inArray(utilisateur.entrepriseId, found))
    .groupBy(utilisateur.entrepriseId);
  return rows.map((r) => ({
    id: r.id,
    nom: r.nom,
    locked: r.locked,
    authTypes: r.authTypes as Entreprise['authTypes'],
    idx: r.idx,
    eu: r.eu,
    setting: { ...DEFAULT_SETTING, ...(r.setting as object) },
    logiciels: logs
      .filter((l) => l.entrepriseId === r.id)
      .map(({ entrepriseId: _e, ...l }) => ({ ...l, code: l.code as Entreprise['logiciels'][number]['code'] })),
    clients: rels
      .filter((x) => x.partenaireId === r.id)
      .map((x) => ({ entrepriseId: x.entrepriseId, nom: x.clientNom ?? '', type: x.type as 'prestataire' | 'fournisseur' })),
    partenaires: rels
      .filter((x) => x.entrepriseId === r.id)
      .map((x) => ({ entrepriseId: x.partenaireId, nom: x.partenaireNom ?? '', type: x.type as 'prestataire' | 'fournisseur' })),
    nbUtilisateurs: counts.find((c) => c.entrepriseId === r.id)?.n ?? 0,
  }));
}

/** The ids of every company of the scope (all of them, system-wide). */
export async function listEntrepriseIds(tx: Tx): Promise<number[]> {
  const r = await tx.select({ id: entreprise.id }).from(entreprise);
  return r.map((x) => x.id);
}

/** A company's row, locked until the end of the transaction (its settings are read then written). */
export async function entrepriseForUpdate(tx: Tx, id: number) {
  const [e] = await tx.select().from(entreprise).where(eq(entreprise.id, id)).for('update');
  return e ?? null;
}

/** A company's stored evaluation settings (evaluationSetting, S 41), read without locking its row (quizzes, ticket 14). */
export async function evaluationSettingOf(tx: Tx, id: number): Promise<unknown> {
  const [e] = await tx.select({ v: entreprise.evaluationSetting }).from(entreprise).where(eq(entreprise.id, id));
  return e?.v ?? null;
}

/** Every software of a company (licensed or not, on or off) with its settings, in the software order. */
export async function logicielsWithSettingOf(tx: Tx, entrepriseId: number) {
  return tx
    .select({
      id: entrepriseLogiciel.id,
      logicielId: logiciel.id,
      code: logiciel.code,
      libelle: logiciel.libelle,
      active: entrepriseLogiciel.active,
      enable: entrepriseLogiciel.enable,
      setting: entrepriseLogiciel.setting,
    })
    .from(entrepriseLogiciel)
    .innerJoin(logiciel, eq(logiciel.id, entrepriseLogiciel.logicielId))
    .where(eq(entrepriseLogiciel.entrepriseId, entrepriseId))
    .orderBy(asc(logiciel.idx));
}

/** One software entry of the company, locked until the end of the transaction; null when it is not the company's. */
export async function entrepriseLogicielForUpdate(tx: Tx, entrepriseId: number, id: number) {
  const [row] = await tx
    .select()
    .from(entrepriseLogiciel)
    .where(and(eq(entrepriseLogiciel.id, id), eq(entrepriseLogiciel.entrepriseId, entrepriseId)))
    .for('update');
  return row ?? null;
}

export async function updateEntrepriseLogiciel(tx: Tx, id: number, v: { active?: boolean; setting?: Record<string, unknown> }) {
  await tx.update(entrepriseLogiciel).set(v).where(eq(entrepriseLogiciel.id, id));
}

export async function insertEntreprise(tx: Tx, v: typeof entreprise.$inferInsert) {
  const [{ max }] = await tx.select({ max: sql<number>`coalesce(max(${entreprise.idx}), -1)` }).from(entreprise);
  const [row] = await tx
    .insert(entreprise)
    .values({ ...v, idx: Number(max) + 1 })
    .returning({ id: entreprise.id });
  return row.id;
}

export async function updateEntrepriseRow(tx: Tx, id: number, v: Partial<typeof entreprise.$inferInsert>) {
  // Nothing of the row itself to change (only its software or clients): no statement, the row is kept.
  if (Object.keys(v).length === 0) return true;
  const r = await tx.update(entreprise).set(v).where(eq(entreprise.id, id)).returning({ id: entreprise.id });
  return r.length > 0;
}

/** Replaces a company's settings: general, evaluation and assignment. */
export async function updateEntrepriseSettings(
  tx: Tx,
  id: number,
  v: { setting: Record<string, unknown>; evaluationSetting: Record<string, unknown>; affectation: Record<string, unknown> },
) {
  await tx.update(entreprise).set(v).where(eq(entreprise.id, id));
}

export async function deleteEntrepriseRow(tx: Tx, id: number) {
  const r = await tx.delete(entreprise).where(eq(entreprise.id, id)).returning({ id: entreprise.id });
  return r.length > 0;
}

/** Sets which software a company has; codes not listed are left as they are. */
export async function upsertLogiciels(tx: Tx, entrepriseId: number, items: { code: string; enable: boolean; active?: boolean }[]) {
  if (!items.length) return;
  const all = await tx.select().from(logiciel);
  for (const it of items) {
    const l = all.find((x) => x.code === it.code);
    if (!l) continue;
    const active = it.enable ? (it.active ?? true) : false;
    await tx
      .insert(entrepriseLogiciel)
      .values({ entrepriseId, logicielId: l.id, enable: it.enable, active })
      .onConflictDoUpdate({
        target: [entrepriseLogiciel.entrepriseId, entrepriseLogiciel.logicielId],
        set: { enable: it.enable, active },
      });
  }
}

/** Replaces the client companies an external company works for. */
export async function replaceClients(tx: Tx, partenaireId: number, clients: { entrepriseId: number; type: string }[]) {
  await tx.delete(entrepriseRelation).where(
    and(
      eq(entrepriseRelation.partenaireId, partenaireId),
      clients.length
        ? notInArray(
            entrepriseRelation.entrepriseId,
            clients.map((c) => c.entrepriseId),
          )
        : undefined,
    ),
  );
  for (const c of clients) {
    await tx
      .insert(entrepriseRelation)
      .values({ entrepriseId: c.entrepriseId, partenaireId, type: c.type })
      .onConflictDoUpdate({ target: [entrepriseRelation.entrepriseId, entrepriseRelation.partenaireId], set: { type: c.type } });
  }
}

export async function existingIds(tx: Tx, ids: number[]) {
  if (!ids.length) return [];
  const r = await tx.select({ id: entreprise.id }).from(entreprise).where(inArray(entreprise.id, ids));
  return r.map((x) => x.id);
}

/** Rewrites idx from the order of the ids, in one statement. */
export async function arrangeEntreprises(tx: Tx, ids: number[]) {
  await tx.execute(sql`update entreprise e set idx = v.ord - 1
    from unnest(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) with ordinality as v(id, ord) where e.id = v.id`);
}

export async function processModelesOf(tx: Tx, entrepriseId: number, logicielId: number) {
  return tx
    .select({
      id: processModele.id,
      libelle: processModele.libelle,
      assigned: sql<boolean>`exists(select 1 from ${entrepriseProcessModele} epm where epm.process_modele_id = "process_modele"."id" and epm.logiciel_id = ${logicielId})`,
    })
    .from(processModele)
    .where(eq(processModele.entrepriseId, entrepriseId))
    .orderBy(asc(processModele.libelle));
}

/**
 * Sets the workflows a company's software offers. The table is declared beside the workflows
 * (workflow.tables.ts, for its foreign key) but only this module reads or writes it.
 */
export async function replaceProcessModeles(tx: Tx, entrepriseId: number, logicielId: number, ids: number[]) {
  await tx
    .delete(entrepriseProcessModele)
    .where(and(eq(entrepriseProcessModele.entrepriseId, entrepriseId), eq(entrepriseProcessModele.logicielId, logicielId)));
  if (ids.length) {
    await tx.insert(entrepriseProcessModele).values(ids.map((processModeleId) => ({ entrepriseId, logicielId, processModeleId })));
  }
}

export async function processModeleIdsOf(tx: Tx, entrepriseId: number, ids: number[]) {
  if (!ids.length) return [];
  const r = await tx
    .select({ id: processModele.id })
    .from(processModele)
    .where(and(eq(processModele.entrepriseId, entrepriseId), inArray(processModele.id, ids)));
  return r.map((x) => x.id);
}

export async function logicielExists(tx: Tx, id: number) {
  const r = await tx.select({ id: logiciel.id }).from(logiciel).where(eq(logiciel.id, id));
  return r.length > 0;
}

/** Of these companies, the partners of the company linked to it with this type (prestataire, fournisseur), or with any. */
export async function partnersAmong(tx: Tx, entrepriseId: number, ids: number[], type?: 'prestataire' | 'fournisseur') {
  const r = await tx
    .select({ id: entrepriseRelation.partenaireId })
    .from(entrepriseRelation)
    .where(
      and(
        eq(entrepriseRelation.entrepriseId, entrepriseId),
        inArray(entrepriseRelation.partenaireId, ids),
        type ? eq(entrepriseRelation.type, type) : undefined,
      ),
    );
  return r.map((x) => x.id);
}

/** Of these companies, those related to the company either way (its partners, the clients it works for). */
export async function relatedAmong(tx: Tx, entrepriseId: number, ids: number[]) {
  const r = await tx
    .select({ a: entrepriseRelation.entrepriseId, b: entrepriseRelation.partenaireId })
    .from(entrepriseRelation)
    .where(
      or(
        and(eq(entrepriseRelation.entrepriseId, entrepriseId), inArray(entrepriseRelation.partenaireId, ids)),
        and(eq(entrepriseRelation.partenaireId, entrepriseId), inArray(entrepriseRelation.entrepriseId, ids)),
      ),
    );
  return r.map((x) => (x.a === entrepriseId ? x.b : x.a));
}

/** Of these software ids, those of the system-wide list. */
export async function logicielsAmong(tx: Tx, ids: number[]) {
  const r = await tx.select({ id: logiciel.id }).from(logiciel).where(inArray(logiciel.id, ids));
  return r.map((x) => x.id);
}

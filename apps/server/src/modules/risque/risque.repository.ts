import type { EquipementRisque, Risque, RisqueAxe, RisqueEchelle, RisqueFamille } from '@app/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { equipement } from '../equipement/equipement.tables.ts';
import { equipementRisque, risque, risqueEchelle, risqueFamille } from './risque.tables.ts';

const ids = (xs: number[]) => sql.raw(`ARRAY[${xs.map(Number).join(',')}]::int[]`);

// ---------------------------------------------------------------------------------------------------------------
// Families
// ---------------------------------------------------------------------------------------------------------------

export async function listFamilles(tx: Tx, entrepriseId: number, id?: number): Promise<RisqueFamille[]> {
  return tx
    .select({
      id: risqueFamille.id,
      entrepriseId: risqueFamille.entrepriseId,
      code: risqueFamille.code,
      libelle: risqueFamille.libelle,
      couleur: risqueFamille.couleur,
      idx: risqueFamille.idx,
      nbRisques: sql<number>`(select count(*)::int from ${risque} r where r.famille_id = "risque_famille"."id" and r.deleted_at is null)`,
    })
    .from(risqueFamille)
    .where(and(eq(risqueFamille.entrepriseId, entrepriseId), id ? eq(risqueFamille.id, id) : undefined))
    .orderBy(asc(risqueFamille.idx), asc(risqueFamille.id));
}

export async function insertFamille(tx: Tx, v: { entrepriseId: number; libelle: string; couleur: string | null }) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('risque_famille'), ${v.entrepriseId})`);
  const [{ max }] = await tx
    .select({ max: sql<number>`coalesce(max(${risqueFamille.idx}), -1)` })
    .from(risqueFamille)
    .where(eq(risqueFamille.entrepriseId, v.entrepriseId));
  const [row] = await tx
    .insert(risqueFamille)
    .values({ ...v, idx: Number(max) + 1 })
    .returning({ id: risqueFamille.id });
  return row.id;
}

export async function updateFamilleRow(tx: Tx, entrepriseId: number, id: number, v: { libelle?: string; couleur?: string | null }) {
  const r = await tx
    .update(risqueFamille)
    .set(v)
    .where(and(eq(risqueFamille.id, id), eq(risqueFamille.entrepriseId, entrepriseId)))
    .returning({ id: risqueFamille.id });
  return r.length > 0;
}

/** Of these families, the company's, locked until the end of the transaction. */
export async function lockFamillesAmong(tx: Tx, entrepriseId: number, xs: number[]) {
  const r = await tx
    .select({ id: risqueFamille.id })
    .from(risqueFamille)
    .where(and(eq(risqueFamille.entrepriseId, entrepriseId), inArray(risqueFamille.id, xs)))
    .for('update');
  return r.map((x) => x.id);
}

export async function arrangeFamillesRows(tx: Tx, xs: number[]) {
  await tx.execute(sql`update risque_famille f set idx = v.ord - 1
      from unnest(${ids(xs)}) with ordinality as v(id, ord) where f.id = v.id`);
}

/** Risks (deleted ones included: they keep their family) of a family. */
export async function countRisquesOfFamille(tx: Tx, familleId: number) {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(risque)
    .where(and(eq(risque.familleId, familleId), isNull(risque.deletedAt)));
  return Number(n);
}

export async function deleteFamilleRow(tx: Tx, familleId: number) {
  // Deleted risks keep no family rather than blocking the family's removal.
  await tx.update(risque).set({ familleId: null }).where(eq(risque.familleId, familleId));
  await tx.delete(risqueFamille).where(eq(risqueFamille.id, familleId));
}

export async function famillesAmong(tx: Tx, entrepriseId: number, xs: number[]) {
  const r = await tx
    .select({ id: risqueFamille.id })
    .from(risqueFamille)
    .where(and(eq(risqueFamille.entrepriseId, entrepriseId), inArray(risqueFamille.id, xs)));
  return r.map((x) => x.id);
}

// ---------------------------------------------------------------------------------------------------------------
// Risks
// ---------------------------------------------------------------------------------------------------------------

export type RisqueRow = typeof risque.$inferSelect;

export async function listRisques(tx: Tx, entrepriseId: number, f: { familleId?: number; id?: number } = {}): Promise<Risque[]> {
  const rows = await tx
    .select({
      r: risque,
      nbEquipements: sql<number>`(select count(*)::int from ${equipementRisque} er where er.risque_id = "risque"."id")`,
    })
    .from(risque)
    .leftJoin(risqueFamille, eq(risqueFamille.id, risque.familleId))
    .where(
      and(
        eq(risque.entrepriseId, entrepriseId),
        isNull(risque.deletedAt),
        f.familleId ? eq(risque.familleId, f.familleId) : undefined,
        f.id ? eq(risque.id, f.id) : undefined,
      ),
    )
    .orderBy(sql`${risqueFamille.idx} nulls last`, asc(risque.idx), asc(risque.id));
  return rows.map(({ r, nbEquipements }) => ({ ...presentRisque(r), nbEquipements: Number(nbEquipements) }));
}

export function presentRisque(r: RisqueRow) {
  return {
    id: r.id,
    entrepriseId: r.entrepriseId,
    familleId: r.familleId,
    libelle: r.libelle,
    description: r.description,
    mesures: r.mesures,
    gravite: r.gravite,
    frequence: r.frequence,
    criticite: r.gravite !== null && r.frequence !== null ? r.gravite * r.frequence : null,
    idx: r.idx,
  };
}

type RisqueFields = Partial<Pick<RisqueRow, 'libelle' | 'familleId' | 'description' | 'mesures' | 'gravite' | 'frequence'>>;

/** Adds a risk at the end of the company's catalogue. */
export async function insertRisque(tx: Tx, v: RisqueFields & { entrepriseId: number; libelle: string }) {
  await lockCatalogue(tx, v.entrepriseId);
  const [{ max }] = await tx
    .select({ max: sql<number>`coalesce(max(${risque.idx}), -1)` })
    .from(risque)
    .where(eq(risque.entrepriseId, v.entrepriseId));
  const [row] = await tx
    .insert(risque)
    .values({ ...v, idx: Number(max) + 1 })
    .returning({ id: risque.id });
  return row.id;
}

/** Serialises the writes that order a company's catalogue. */
export async function lockCatalogue(tx: Tx, entrepriseId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('risque'), ${entrepriseId})`);
}

/** A risk of the company (not deleted), locked, or null. */
export async function lockRisque(tx: Tx, entrepriseId: number, id: number): Promise<RisqueRow | null> {
  const [r] = await tx
    .select()
    .from(risque)
    .where(and(eq(risque.id, id), eq(risque.entrepriseId, entrepriseId), isNull(risque.deletedAt)))
    .for('update');
  return r ?? null;
}

export async function updateRisqueRow(tx: Tx, id: number, v: RisqueFields) {
  await tx.update(risque).set(v).where(eq(risque.id, id));
}

/** Inserts a copy right after the source (later risks move down by one). */
export async function insertCopyAfter(tx: Tx, src: RisqueRow, libelle: string) {
  await tx
    .update(risque)
    .set({ idx: sql`${risque.idx} + 1` })
    .where(and(eq(risque.entrepriseId, src.entrepriseId), sql`${risque.idx} > ${src.idx}`));
  const [row] = await tx
    .insert(risque)
    .values({
      entrepriseId: src.entrepriseId,
      familleId: src.familleId,
      libelle,
      description: src.description,
      mesures: src.mesures,
      gravite: src.gravite,
      frequence: src.frequence,
      idx: src.idx + 1,
    })
    .returning({ id: risque.id });
  return row.id;
}

export async function softDeleteRisque(tx: Tx, id: number) {
  await tx.update(risque).set({ deletedAt: sql`now()` }).where(eq(risque.id, id));
}

export async function equipementsOfRisque(tx: Tx, risqueId: number) {
  return tx
    .select({ id: equipement.id, name: equipement.name })
    .from(equipementRisque)
    .innerJoin(equipement, eq(equipement.id, equipementRisque.equipementId))
    .where(and(eq(equipementRisque.risqueId, risqueId), isNull(equipement.deletedAt)))
    .orderBy(asc(equipement.id));
}

export async function lockRisquesAmong(tx: Tx, entrepriseId: number, xs: number[]) {
  const r = await tx
    .select({ id: risque.id })
    .from(risque)
    .where(and(eq(risque.entrepriseId, entrepriseId), inArray(risque.id, xs), isNull(risque.deletedAt)))
    .for('update');
  return r.map((x) => x.id);
}

/** Gives the listed risks the idx slots they held between them, in the listed order (the others keep theirs). */
export async function arrangeRisquesRows(tx: Tx, xs: number[]) {
  await tx.execute(sql`with slots as (select idx, row_number() over (order by idx, id) as n from risque where id = any(${ids(xs)})),
      wanted as (select id, ord from unnest(${ids(xs)}) with ordinality as v(id, ord))
      update risque r set idx = s.idx from wanted w join slots s on s.n = w.ord where r.id = w.id`);
}

export async function risquesAmong(tx: Tx, entrepriseId: number, xs: number[]) {
  const r = await tx
    .select({ id: risque.id })
    .from(risque)
    .where(and(eq(risque.entrepriseId, entrepriseId), inArray(risque.id, xs), isNull(risque.deletedAt)));
  return r.map((x) => x.id);
}

// ---------------------------------------------------------------------------------------------------------------
// Scales
// ---------------------------------------------------------------------------------------------------------------

export async function getEchelle(tx: Tx, entrepriseId: number): Promise<RisqueEchelle> {
  const rows = await tx
    .select({ axe: risqueEchelle.axe, niveau: risqueEchelle.niveau, libelle: risqueEchelle.libelle })
    .from(risqueEchelle)
    .where(eq(risqueEchelle.entrepriseId, entrepriseId))
    .orderBy(asc(risqueEchelle.niveau));
  const of = (axe: RisqueAxe) => rows.filter((r) => r.axe === axe).map(({ niveau, libelle }) => ({ niveau, libelle }));
  return { gravite: of('gravite'), frequence: of('frequence') };
}

/** Highest level a risk of the company uses on an axis. */
export async function highestUsed(tx: Tx, entrepriseId: number, axe: RisqueAxe) {
  const col = axe === 'gravite' ? risque.gravite : risque.frequence;
  const [{ m }] = await tx
    .select({ m: sql<number | null>`max(${col})` })
    .from(risque)
    .where(and(eq(risque.entrepriseId, entrepriseId), isNull(risque.deletedAt)));
  return m === null ? 0 : Number(m);
}

export async function replaceEchelle(tx: Tx, entrepriseId: number, axe: RisqueAxe, libelles: string[]) {
  await tx.delete(risqueEchelle).where(and(eq(risqueEchelle.entrepriseId, entrepriseId), eq(risqueEchelle.axe, axe)));
  await tx.insert(risqueEchelle).values(libelles.map((libelle, i) => ({ entrepriseId, axe, niveau: i + 1, libelle })));
}

export async function lockEchelle(tx: Tx, entrepriseId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('risque_echelle'), ${entrepriseId})`);
}

// ---------------------------------------------------------------------------------------------------------------
// Equipment risks
// ---------------------------------------------------------------------------------------------------------------

/** An equipment of the company (not deleted) with its path (ids root → itself), or null. */
export async function equipementOf(tx: Tx, entrepriseId: number, id: number) {
  const [e] = await tx
    .select({ id: equipement.id, entrepriseId: equipement.entrepriseId, name: equipement.name, path: equipement.path })
    .from(equipement)
    .where(and(eq(equipement.id, id), eq(equipement.entrepriseId, entrepriseId), isNull(equipement.deletedAt)));
  return e ?? null;
}

/** The nodes of a path, in the path's order, with whether each hides its parent's risks. */
export async function pathNodes(tx: Tx, path: number[]) {
  const rows = await tx
    .select({ id: equipement.id, name: equipement.name, hideRisquesParent: equipement.hideRisquesParent })
    .from(equipement)
    .where(inArray(equipement.id, path));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return path.flatMap((id) => (byId.has(id) ? [byId.get(id) as (typeof rows)[number]] : []));
}

/** The risk links held by these equipment (risks not deleted), each with its risk and family. */
export async function linksOf(tx: Tx, equipementIds: number[], linkId?: number) {
  if (!equipementIds.length) return [];
  return tx
    .select({ link: equipementRisque, r: risque, famille: risqueFamille.libelle })
    .from(equipementRisque)
    .innerJoin(risque, eq(risque.id, equipementRisque.risqueId))
    .leftJoin(risqueFamille, eq(risqueFamille.id, risque.familleId))
    .where(
      and(
        inArray(equipementRisque.equipementId, equipementIds),
        isNull(risque.deletedAt),
        linkId ? eq(equipementRisque.id, linkId) : undefined,
      ),
    )
    .orderBy(sql`${risqueFamille.idx} nulls last`, asc(risque.idx), asc(risque.id));
}

export function presentLink(
  l: Awaited<ReturnType<typeof linksOf>>[number],
  source: { id: number; name: string },
  equipementId: number,
): EquipementRisque {
  return {
    id: l.link.id,
    equipementId: l.link.equipementId,
    risque: presentRisque(l.r),
    famille: l.famille,
    commentaire: l.link.commentaire,
    herite: l.link.equipementId !== equipementId,
    source,
  };
}

/** Attaches a risk to an equipment; null when it already is. */
export async function insertLink(
  tx: Tx,
  v: { entrepriseId: number; equipementId: number; risqueId: number; commentaire: string | null; createdById: number | null },
) {
  const r = await tx.insert(equipementRisque).values(v).onConflictDoNothing().returning({ id: equipementRisque.id });
  return r[0]?.id ?? null;
}

export async function findLink(tx: Tx, entrepriseId: number, id: number) {
  const [l] = await tx
    .select()
    .from(equipementRisque)
    .where(and(eq(equipementRisque.id, id), eq(equipementRisque.entrepriseId, entrepriseId)))
    .for('update');
  return l ?? null;
}

export async function deleteLink(tx: Tx, id: number) {
  await tx.delete(equipementRisque).where(eq(equipementRisque.id, id));
}

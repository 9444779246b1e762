import type { Localisation, LocalisationMarkerInput } from '@app/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { equipement } from '../equipement/equipement.tables.ts';
import { localisation, localisationMarker } from './localisation.tables.ts';

export type LocalisationRow = typeof localisation.$inferSelect;

/** The company's locations (not deleted; one if `id`), in their order, each with its markers and equipment count. */
export async function listLocalisations(tx: Tx, entrepriseId: number, id?: number): Promise<Localisation[]> {
  const rows = await tx
    .select({
      l: localisation,
      nbEquipements: sql<number>`(select count(*)::int from ${equipement} e where e.localisation_id = "localisation"."id" and e.deleted_at is null)`,
    })
    .from(localisation)
    .where(and(eq(localisation.entrepriseId, entrepriseId), isNull(localisation.deletedAt), id ? eq(localisation.id, id) : undefined))
    .orderBy(asc(localisation.idx), asc(localisation.id));
  if (!rows.length) return [];
  const markers = await tx
    .select()
    .from(localisationMarker)
    .where(
      inArray(
        localisationMarker.localisationId,
        rows.map((r) => r.l.id),
      ),
    )
    .orderBy(asc(localisationMarker.idx), asc(localisationMarker.id));
  return rows.map(({ l, nbEquipements }) => ({
    id: l.id,
    entrepriseId: l.entrepriseId,
    parentId: l.parentId,
    libelle: l.libelle,
    description: l.description,
    couleur: l.couleur,
    icon: l.icon,
    latitude: l.latitude,
    longitude: l.longitude,
    idx: l.idx,
    version: l.version,
    image:
      l.imageChemin && l.imageMime && l.imageNom
        ? { nom: l.imageNom, mime: l.imageMime, taille: l.imageTaille ?? 0, uploadedAt: (l.imageUploadedAt ?? l.createdAt).toISOString() }
        : null,
    markers: markers
      .filter((m) => m.localisationId === l.id)
      .map((m) => ({ id: m.id, libelle: m.libelle, x: m.x, y: m.y, couleur: m.couleur, icon: m.icon })),
    nbEquipements: Number(nbEquipements),
  }));
}

/** A location of the company (not deleted), locked until the end of the transaction, or null. */
export async function lockLocalisation(tx: Tx, entrepriseId: number, id: number): Promise<LocalisationRow | null> {
  const [r] = await tx
    .select()
    .from(localisation)
    .where(and(eq(localisation.id, id), eq(localisation.entrepriseId, entrepriseId), isNull(localisation.deletedAt)))
    .for('update');
  return r ?? null;
}

/** A location of the company (not deleted) with its stored image, or null. */
export async function findLocalisation(tx: Tx, entrepriseId: number, id: number): Promise<LocalisationRow | null> {
  const [r] = await tx
    .select()
    .from(localisation)
    .where(and(eq(localisation.id, id), eq(localisation.entrepriseId, entrepriseId), isNull(localisation.deletedAt)));
  return r ?? null;
}

/** Each location's parent (the company's, deleted ones included: a cycle check walks every link). */
export async function parentsOfLocalisations(tx: Tx, entrepriseId: number): Promise<Map<number, number | null>> {
  const rows = await tx
    .select({ id: localisation.id, parentId: localisation.parentId })
    .from(localisation)
    .where(eq(localisation.entrepriseId, entrepriseId));
  return new Map(rows.map((r) => [r.id, r.parentId]));
}

type Fields = Partial<Pick<LocalisationRow, 'libelle' | 'description' | 'couleur' | 'icon' | 'parentId' | 'latitude' | 'longitude'>>;

/** Adds a location at the end of the company's list (concurrent creations wait on each other so idx stays unique). */
export async function insertLocalisation(tx: Tx, v: Fields & { entrepriseId: number; libelle: string; createdById: number | null }) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('localisation'), ${v.entrepriseId})`);
  const [{ max }] = await tx
    .select({ max: sql<number>`coalesce(max(${localisation.idx}), -1)` })
    .from(localisation)
    .where(eq(localisation.entrepriseId, v.entrepriseId));
  const [row] = await tx
    .insert(localisation)
    .values({ ...v, idx: Number(max) + 1 })
    .returning({ id: localisation.id });
  return row.id;
}

/** Changes a location and moves its version on. */
export async function updateLocalisationRow(tx: Tx, id: number, v: Fields) {
  await tx
    .update(localisation)
    .set({ ...v, version: sql`${localisation.version} + 1` })
    .where(eq(localisation.id, id));
}

/** Replaces the markers of a location, in the order given. */
export async function replaceMarkers(tx: Tx, entrepriseId: number, localisationId: number, markers: LocalisationMarkerInput[]) {
  await tx.delete(localisationMarker).where(eq(localisationMarker.localisationId, localisationId));
  if (markers.length)
    await tx.insert(localisationMarker).values(
      markers.map((m, i) => ({
        entrepriseId,
        localisationId,
        libelle: m.libelle,
        x: m.x,
        y: m.y,
        couleur: m.couleur ?? null,
        icon: m.icon ?? null,
        idx: i,
      })),
    );
}

/** Records a location's plan image (the previous file's path is returned, to remove after the commit). */
export async function setImage(tx: Tx, id: number, v: { nom: string; mime: string; taille: number; chemin: string }) {
  await tx
    .update(localisation)
    .set({
      imageNom: v.nom,
      imageMime: v.mime,
      imageTaille: v.taille,
      imageChemin: v.chemin,
      imageUploadedAt: sql`now()`,
      version: sql`${localisation.version} + 1`,
    })
    .where(eq(localisation.id, id));
}

/** Soft-deletes a location. */
export async function softDeleteLocalisation(tx: Tx, id: number) {
  await tx.update(localisation).set({ deletedAt: sql`now()` }).where(eq(localisation.id, id));
}

/** Equipment (not deleted) placed on a location: how many and the first names (for the 409 message). */
export async function equipementsAt(tx: Tx, localisationId: number) {
  return tx
    .select({ id: equipement.id, name: equipement.name })
    .from(equipement)
    .where(and(eq(equipement.localisationId, localisationId), isNull(equipement.deletedAt)))
    .orderBy(asc(equipement.id));
}

/** Locations (not deleted) that are children of this one. */
export async function childrenOf(tx: Tx, localisationId: number) {
  return tx
    .select({ id: localisation.id, libelle: localisation.libelle })
    .from(localisation)
    .where(and(eq(localisation.parentId, localisationId), isNull(localisation.deletedAt)));
}

/** Of these locations, the company's that are not deleted. */
export async function localisationsAmong(tx: Tx, entrepriseId: number, ids: number[]) {
  const r = await tx
    .select({ id: localisation.id })
    .from(localisation)
    .where(and(eq(localisation.entrepriseId, entrepriseId), inArray(localisation.id, ids), isNull(localisation.deletedAt)));
  return r.map((x) => x.id);
}

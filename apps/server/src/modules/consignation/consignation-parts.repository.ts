import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { equipementPointIsolement } from '../equipement/equipement.tables.ts';
import {
  consignationAttestation,
  consignationAvis,
  consignationCadenas,
  consignationCompteur,
  consignationOperation,
  consignationPoint,
} from './consignation.tables.ts';

// The SQL of a lockout's parts: signed operations, isolation points and their padlocks, personal padlocks,
// attestations (numbered per company) and avis de fin de travail.

export type OperationRow = typeof consignationOperation.$inferSelect;
export type PointRow = typeof consignationPoint.$inferSelect;
export type CadenasRow = typeof consignationCadenas.$inferSelect;
export type AttestationRow = typeof consignationAttestation.$inferSelect;
export type AvisRow = typeof consignationAvis.$inferSelect;

/** The hash of what a person signed on a lockout, as the engine hashes a step (SHA-256 of a canonical JSON). */
export function hashOf(what: Record<string, unknown>): string {
  const keys = Object.keys(what).sort();
  return createHash('sha256')
    .update(JSON.stringify(keys.map((k) => [k, what[k] ?? null])))
    .digest('hex');
}

export async function operationsOf(tx: Tx, processIds: number[]): Promise<OperationRow[]> {
  if (!processIds.length) return [];
  return tx
    .select()
    .from(consignationOperation)
    .where(inArray(consignationOperation.processId, processIds))
    .orderBy(asc(consignationOperation.id));
}

/** Records a signed operation; null when it was already signed (one per operation and point). */
export async function insertOperation(tx: Tx, v: typeof consignationOperation.$inferInsert): Promise<OperationRow | null> {
  const [r] = await tx.insert(consignationOperation).values(v).onConflictDoNothing().returning();
  return r ?? null;
}

export async function pointsOf(tx: Tx, processIds: number[]): Promise<PointRow[]> {
  if (!processIds.length) return [];
  return tx
    .select()
    .from(consignationPoint)
    .where(inArray(consignationPoint.processId, processIds))
    .orderBy(asc(consignationPoint.idx), asc(consignationPoint.id));
}

export async function pointById(tx: Tx, id: number): Promise<PointRow | null> {
  const [r] = await tx.select().from(consignationPoint).where(eq(consignationPoint.id, id));
  return r ?? null;
}

/** Copies an equipment's live isolation points into a lockout (those already copied stay as they are); how many were added. */
export async function copyEquipmentPoints(tx: Tx, entrepriseId: number, processId: number, equipementId: number): Promise<number> {
  const src = await tx
    .select()
    .from(equipementPointIsolement)
    .where(
      and(
        eq(equipementPointIsolement.equipementId, equipementId),
        eq(equipementPointIsolement.entrepriseId, entrepriseId),
        isNull(equipementPointIsolement.deletedAt),
      ),
    )
    .orderBy(asc(equipementPointIsolement.idx), asc(equipementPointIsolement.id));
  if (!src.length) return 0;
  const added = await tx
    .insert(consignationPoint)
    .values(
      src.map((p) => ({
        entrepriseId,
        processId,
        equipementPointId: p.id,
        idx: p.idx,
        repere: p.repere,
        energie: p.energie,
        dispositif: p.dispositif,
        positionRequise: p.positionRequise,
        moyenCondamnation: p.moyenCondamnation,
        methodeVerification: p.methodeVerification,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: consignationPoint.id });
  return added.length;
}

/**
 * Copies a lockout's own isolation points into another (a duplicate): what each point is (equipment point, repère,
 * energy, device, position, means, check, order), never its padlock. How many were copied.
 */
export async function copyLockoutPoints(tx: Tx, entrepriseId: number, fromProcessId: number, toProcessId: number): Promise<number> {
  const src = await pointsOf(tx, [fromProcessId]);
  if (!src.length) return 0;
  const added = await tx
    .insert(consignationPoint)
    .values(
      src.map((p) => ({
        entrepriseId,
        processId: toProcessId,
        equipementPointId: p.equipementPointId,
        idx: p.idx,
        repere: p.repere,
        energie: p.energie,
        dispositif: p.dispositif,
        positionRequise: p.positionRequise,
        moyenCondamnation: p.moyenCondamnation,
        methodeVerification: p.methodeVerification,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: consignationPoint.id });
  return added.length;
}

export async function insertPoint(tx: Tx, v: typeof consignationPoint.$inferInsert): Promise<PointRow> {
  const [max] = await tx
    .select({ idx: sql<number>`coalesce(max(${consignationPoint.idx}), -1)::int` })
    .from(consignationPoint)
    .where(eq(consignationPoint.processId, v.processId));
  const [r] = await tx
    .insert(consignationPoint)
    .values({ ...v, idx: (max?.idx ?? -1) + 1 })
    .returning();
  return r;
}

export async function updatePoint(tx: Tx, id: number, set: Partial<typeof consignationPoint.$inferInsert>) {
  await tx.update(consignationPoint).set(set).where(eq(consignationPoint.id, id));
}

export async function cadenasOf(tx: Tx, processIds: number[]): Promise<CadenasRow[]> {
  if (!processIds.length) return [];
  return tx
    .select()
    .from(consignationCadenas)
    .where(inArray(consignationCadenas.processId, processIds))
    .orderBy(asc(consignationCadenas.id));
}

export async function cadenasById(tx: Tx, id: number): Promise<CadenasRow | null> {
  const [r] = await tx.select().from(consignationCadenas).where(eq(consignationCadenas.id, id));
  return r ?? null;
}

/** Puts a worker's padlock on; null when that worker already has one on this lockout. */
export async function insertCadenas(tx: Tx, v: typeof consignationCadenas.$inferInsert): Promise<CadenasRow | null> {
  const [r] = await tx.insert(consignationCadenas).values(v).onConflictDoNothing().returning();
  return r ?? null;
}

/** Takes a padlock off in one statement (concurrent removals: one wins, the others find it off); null if it was off. */
export async function removeCadenas(
  tx: Tx,
  id: number,
  set: Pick<typeof consignationCadenas.$inferInsert, 'retraitParId' | 'motifAbsence' | 'temoinId' | 'hash' | 'image'>,
): Promise<CadenasRow | null> {
  const [r] = await tx
    .update(consignationCadenas)
    .set({ ...set, retraitAt: new Date() })
    .where(and(eq(consignationCadenas.id, id), isNull(consignationCadenas.retraitAt)))
    .returning();
  return r ?? null;
}

/** The next attestation number of a company, without gaps or duplicates: the counter row is locked until commit. */
export async function nextAttestationNumero(tx: Tx, entrepriseId: number): Promise<number> {
  const [r] = await tx
    .insert(consignationCompteur)
    .values({ entrepriseId, last: 1 })
    .onConflictDoUpdate({ target: consignationCompteur.entrepriseId, set: { last: sql`${consignationCompteur.last} + 1` } })
    .returning({ last: consignationCompteur.last });
  return r.last;
}

export async function attestationsOf(tx: Tx, processIds: number[]): Promise<AttestationRow[]> {
  if (!processIds.length) return [];
  return tx
    .select()
    .from(consignationAttestation)
    .where(inArray(consignationAttestation.processId, processIds))
    .orderBy(asc(consignationAttestation.id));
}

export async function insertAttestation(tx: Tx, v: typeof consignationAttestation.$inferInsert): Promise<AttestationRow> {
  const [r] = await tx.insert(consignationAttestation).values(v).returning();
  return r;
}

export async function avisOf(tx: Tx, processIds: number[]): Promise<AvisRow[]> {
  if (!processIds.length) return [];
  return tx.select().from(consignationAvis).where(inArray(consignationAvis.processId, processIds)).orderBy(asc(consignationAvis.id));
}

export async function insertAvis(tx: Tx, v: typeof consignationAvis.$inferInsert): Promise<AvisRow> {
  const [r] = await tx.insert(consignationAvis).values(v).returning();
  return r;
}

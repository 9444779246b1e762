import { type AnyColumn, and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { consignation } from '../consignation/consignation.tables.ts';
import { process, processSequencing } from '../process/process.tables.ts';
import { isPersonOfCompany, fullNamesByIds as namesOf } from '../utilisateur/index.ts';
import {
  permis,
  permisConsignation,
  permisControle,
  permisProlongation,
  permisSetting,
  permisSignature,
  permisSuspension,
} from './permis.tables.ts';

// The only SQL of work permits. Every time a permit records comes from the database's clock (now(): the
// transaction's time), never from the server's.

export type PermisRow = typeof permis.$inferSelect;
export type NewPermis = typeof permis.$inferInsert;

/**
 * « Prénom Nom » of a person, through app_person_names (migration 0015): the caller's company's people and those of
 * the companies it works with — a contractor reads its client's signers' names (never a row of their people).
 */
const nomDe = (id: AnyColumn) =>
  sql<string>`coalesce((select trim(coalesce(n.prenom, '') || ' ' || coalesce(n.nom, '')) from app_person_names(array[${id}]::int[]) n), '')`;

/** The database's clock: the transaction's time, the one its rows are stamped with. */
export async function dbNow(tx: Tx): Promise<Date> {
  const res = await tx.execute(sql`select now() as now`);
  const row = (res as unknown as { rows: { now: Date | string }[] }).rows[0];
  return new Date(row.now);
}

export async function findPermis(tx: Tx, processId: number): Promise<PermisRow | null> {
  const [p] = await tx.select().from(permis).where(eq(permis.processId, processId));
  return p ?? null;
}

/** The permit row locked (after its process's row: the lock order of every permit write). */
export async function lockPermis(tx: Tx, processId: number): Promise<PermisRow | null> {
  const [p] = await tx.select().from(permis).where(eq(permis.processId, processId)).for('update');
  return p ?? null;
}

export async function insertPermis(tx: Tx, values: NewPermis): Promise<PermisRow> {
  const [row] = await tx.insert(permis).values(values).returning();
  return row;
}

/** Writes a permit and bumps its version (a client holding an older one gets 409). */
export async function updatePermis(tx: Tx, id: number, set: Partial<NewPermis>): Promise<void> {
  await tx
    .update(permis)
    .set({ ...set, version: sql`${permis.version} + 1` })
    .where(eq(permis.id, id));
}

// ---------------------------------------------------------------- lockouts

/** The lockouts a permit relies on, with their process's number, name, equipment and state, and the lockout's own state. */
export async function consignationsOf(tx: Tx, permisId: number) {
  return tx
    .select({
      processId: process.id,
      numero: process.numero,
      nomProcess: process.nomProcess,
      etat: process.etat,
      status: process.status,
      equipementLibelle: process.equipementLibelle,
      etatConsignation: consignation.etat,
    })
    .from(permisConsignation)
    .innerJoin(process, eq(process.id, permisConsignation.consignationId))
    .leftJoin(consignation, eq(consignation.processId, permisConsignation.consignationId))
    .where(eq(permisConsignation.permisId, permisId))
    .orderBy(asc(process.numero));
}

/** Of these processes of the company, their package and state, locked for share (a déconsignation waits). */
export async function processesForShare(tx: Tx, entrepriseId: number, ids: number[]) {
  if (!ids.length) return [];
  return tx
    .select({ id: process.id, numero: process.numero, package: process.package, etat: process.etat })
    .from(process)
    .where(and(eq(process.entrepriseId, entrepriseId), inArray(process.id, ids)))
    .for('share');
}

export async function setConsignations(tx: Tx, p: { id: number; entrepriseId: number }, ids: number[]): Promise<void> {
  await tx
    .delete(permisConsignation)
    .where(and(eq(permisConsignation.permisId, p.id), ids.length ? notInArray(permisConsignation.consignationId, ids) : undefined));
  if (ids.length) {
    await tx
      .insert(permisConsignation)
      .values(ids.map((consignationId) => ({ entrepriseId: p.entrepriseId, permisId: p.id, consignationId })))
      .onConflictDoNothing();
  }
}

/** The open permits (not closed nor cancelled) relying on a lockout. */
export async function openPermitsOnLockout(tx: Tx, entrepriseId: number, consignationId: number) {
  return tx
    .select({ processId: process.id, numero: process.numero, nomProcess: process.nomProcess, etat: permis.etat })
    .from(permisConsignation)
    .innerJoin(permis, eq(permis.id, permisConsignation.permisId))
    .innerJoin(process, eq(process.id, permis.processId))
    .where(
      and(
        eq(permisConsignation.entrepriseId, entrepriseId),
        eq(permisConsignation.consignationId, consignationId),
        notInArray(permis.etat, ['clos', 'annule']),
      ),
    )
    .orderBy(asc(process.numero));
}

/** The type and complements of the open permits of these processes (their activities for the conflict finder). */
export async function openPermitsOf(tx: Tx, entrepriseId: number, processIds: number[]) {
  if (!processIds.length) return [];
  return tx
    .select({ processId: permis.processId, type: permis.type, complements: permis.complements })
    .from(permis)
    .where(and(eq(permis.entrepriseId, entrepriseId), inArray(permis.processId, processIds), notInArray(permis.etat, ['clos', 'annule'])));
}

/**
 * Of these processes, those whose permit does not cover works at the moment: still requested (not issued yet), closed
 * or cancelled. A délivrance does not count them (the register of active permits, domain.md §2.3).
 */
export async function permitsNotActive(tx: Tx, processIds: readonly number[]): Promise<number[]> {
  if (!processIds.length) return [];
  const rows = await tx
    .select({ processId: permis.processId })
    .from(permis)
    .where(and(inArray(permis.processId, [...processIds]), inArray(permis.etat, ['demande', 'clos', 'annule'])));
  return rows.map((r) => r.processId);
}

/** The numbers of the unfinished processes this one waits for (process_sequencing), in order. */
export async function awaitedProcesses(tx: Tx, processId: number): Promise<number[]> {
  const rows = await tx
    .select({ numero: process.numero })
    .from(processSequencing)
    .innerJoin(process, eq(process.id, processSequencing.lockedByProcessId))
    .where(and(eq(processSequencing.processId, processId), sql`${process.etat} <> 'termine'`))
    .orderBy(asc(process.numero));
  return rows.map((r) => r.numero);
}

// ---------------------------------------------------------------- signatures, extensions, suspensions, checks

export async function signaturesOf(tx: Tx, permisId: number) {
  return tx
    .select({
      id: permisSignature.id,
      acte: permisSignature.acte,
      role: permisSignature.role,
      utilisateurId: permisSignature.utilisateurId,
      nom: nomDe(permisSignature.utilisateurId),
      at: permisSignature.signedAt,
      hash: permisSignature.hash,
    })
    .from(permisSignature)
    .where(eq(permisSignature.permisId, permisId))
    .orderBy(asc(permisSignature.id));
}

export async function insertSignature(tx: Tx, values: typeof permisSignature.$inferInsert): Promise<void> {
  await tx.insert(permisSignature).values(values);
}

export async function prolongationsOf(tx: Tx, permisId: number) {
  return tx
    .select({
      id: permisProlongation.id,
      ancienneFin: permisProlongation.ancienneFin,
      nouvelleFin: permisProlongation.nouvelleFin,
      motif: permisProlongation.motif,
      utilisateurId: permisProlongation.utilisateurId,
      nom: nomDe(permisProlongation.utilisateurId),
      at: permisProlongation.signedAt,
      hash: permisProlongation.hash,
    })
    .from(permisProlongation)
    .where(eq(permisProlongation.permisId, permisId))
    .orderBy(asc(permisProlongation.id));
}

export async function insertProlongation(tx: Tx, values: typeof permisProlongation.$inferInsert): Promise<void> {
  await tx.insert(permisProlongation).values(values);
}

export async function suspensionsOf(tx: Tx, permisId: number) {
  const rows = await tx.select().from(permisSuspension).where(eq(permisSuspension.permisId, permisId)).orderBy(asc(permisSuspension.id));
  const names = await namesOf(
    tx,
    rows.flatMap((r) => [r.suspenduPar, r.reprisPar]),
  );
  return rows.map((r) => ({
    ...r,
    suspenduNom: names.get(r.suspenduPar) ?? '',
    reprisNom: r.reprisPar ? (names.get(r.reprisPar) ?? '') : null,
  }));
}

export async function insertSuspension(tx: Tx, values: typeof permisSuspension.$inferInsert): Promise<void> {
  await tx.insert(permisSuspension).values(values);
}

/** Closes the open suspension of a permit (its resumption). */
export async function closeSuspension(tx: Tx, permisId: number, by: number, observation: string | null): Promise<void> {
  await tx
    .update(permisSuspension)
    .set({ reprisPar: by, reprisAt: sql`now()`, observationReprise: observation })
    .where(and(eq(permisSuspension.permisId, permisId), isNull(permisSuspension.reprisAt)));
}

export async function controlesOf(tx: Tx, permisId: number) {
  return tx
    .select({
      numero: permisControle.numero,
      utilisateurId: permisControle.utilisateurId,
      nom: nomDe(permisControle.utilisateurId),
      at: permisControle.signedAt,
      observation: permisControle.observation,
      hash: permisControle.hash,
    })
    .from(permisControle)
    .where(eq(permisControle.permisId, permisId))
    .orderBy(asc(permisControle.numero));
}

export async function insertControle(tx: Tx, values: typeof permisControle.$inferInsert): Promise<void> {
  await tx.insert(permisControle).values(values);
}

// People's names and companies are the utilisateur module's (app_person_names: never e-mails).
export { isPersonOfCompany, namesOf };

// ---------------------------------------------------------------- settings

export async function settingOf(tx: Tx, entrepriseId: number) {
  const [s] = await tx
    .select({
      surveillanceMinutes: permisSetting.surveillanceMinutes,
      controleIntervalleMinutes: permisSetting.controleIntervalleMinutes,
      validiteHeures: permisSetting.validiteHeures,
    })
    .from(permisSetting)
    .where(eq(permisSetting.entrepriseId, entrepriseId));
  return s ?? null;
}

/** Writes the company's settings (a field absent keeps its stored value, or its default on the first write). */
export async function saveSetting(
  tx: Tx,
  entrepriseId: number,
  s: { surveillanceMinutes: number; controleIntervalleMinutes: number; validiteHeures?: number },
) {
  await tx
    .insert(permisSetting)
    .values({ entrepriseId, ...s })
    .onConflictDoUpdate({ target: permisSetting.entrepriseId, set: s });
}

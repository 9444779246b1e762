import {
  CODES_REGISTRE_DEFAUT,
  ETATS_CONSIGNATION_OUVERTS,
  type EtatConsignation,
  type ModeConsignation,
  type RegistreCode,
  TYPES_ESSAI,
} from '@app/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryPrepared, type Tx } from '../../platform/db/engine.ts';
import { process, processEtape } from '../process/process.tables.ts';
import { isPersonOfCompany, fullNamesByIds as namesOf } from '../utilisateur/index.ts';
import { etape } from '../workflow/workflow.tables.ts';
import { consignation, consignationAvis, registreCode } from './consignation.tables.ts';

// The SQL of lockout records and register codes (operations, points, padlocks, documents:
// consignation-parts.repository.ts; the register: consignation-registre.repository.ts). The process table is read
// (joined, and locked before its lockout) and its status code kept in step with the lockout's state.

export type ConsignationRow = typeof consignation.$inferSelect;

/** A process as a lockout needs it. */
export interface LockoutProcess {
  id: number;
  entrepriseId: number;
  numero: number;
  nomProcess: string;
  typeConsignation: number | null;
  parentId: number | null;
  package: string | null;
  equipement: unknown;
  status: string | null;
  etat: string;
}

const lockoutColumns = {
  id: process.id,
  entrepriseId: process.entrepriseId,
  numero: process.numero,
  nomProcess: process.nomProcess,
  typeConsignation: process.typeConsignation,
  parentId: process.parentId,
  package: process.package,
  equipement: process.equipement,
  status: process.status,
  etat: process.etat,
};

/**
 * A process of the caller's scope (`entrepriseId` null: any the caller's policies show, a contractor's), locked first:
 * every change of a lockout locks its process row, then its mother's record, then its own (one order, no deadlock).
 */
export async function lockProcessRow(tx: Tx, entrepriseId: number | null, id: number): Promise<LockoutProcess | null> {
  const [p] = await tx
    .select(lockoutColumns)
    .from(process)
    .where(and(eq(process.id, id), entrepriseId === null ? undefined : eq(process.entrepriseId, entrepriseId)))
    .for('update');
  return p ?? null;
}

export async function processRow(tx: Tx, entrepriseId: number | null, id: number): Promise<LockoutProcess | null> {
  const [p] = await tx
    .select(lockoutColumns)
    .from(process)
    .where(and(eq(process.id, id), entrepriseId === null ? undefined : eq(process.entrepriseId, entrepriseId)));
  return p ?? null;
}

/** Keeps the process's register code in step with its lockout's state (lists and boards show it). */
export async function setProcessStatus(tx: Tx, processId: number, status: string | null, by: number) {
  await tx.update(process).set({ status, lastModifyAt: new Date(), lastModifyById: by }).where(eq(process.id, processId));
}

// ---------------------------------------------------------------- register codes

/** The company's codes in their order; the defaults for a company the trigger has not seeded (never on a migrated base). */
export async function codesOf(tx: Tx, entrepriseId: number): Promise<RegistreCode[]> {
  // Read by every lockout screen, and by the register to filter by a code (its rows bring their own): a prepared
  // statement (planned once per connection).
  const rows = await queryPrepared<Omit<typeof registreCode.$inferSelect, 'entrepriseId'>>(
    tx,
    sql`select code, libelle, couleur, icone, terminal, etat, idx from ${registreCode} where ${eq(registreCode.entrepriseId, entrepriseId)} order by idx, code`,
  );
  if (rows.length) return rows.map(codeOut);
  return CODES_REGISTRE_DEFAUT.map((c, idx) => ({ ...c, idx }));
}

const codeOut = (r: Omit<typeof registreCode.$inferSelect, 'entrepriseId'>): RegistreCode => ({
  code: r.code as RegistreCode['code'],
  libelle: r.libelle,
  couleur: r.couleur,
  icone: r.icone,
  terminal: r.terminal,
  etat: r.etat as EtatConsignation,
  idx: r.idx,
});

export async function updateCode(
  tx: Tx,
  entrepriseId: number,
  code: string,
  set: Partial<Pick<typeof registreCode.$inferInsert, 'libelle' | 'couleur' | 'icone' | 'terminal' | 'etat'>>,
): Promise<RegistreCode | null> {
  const [r] = await tx
    .update(registreCode)
    .set(set)
    .where(and(eq(registreCode.entrepriseId, entrepriseId), eq(registreCode.code, code)))
    .returning();
  return r ? codeOut(r) : null;
}

// ---------------------------------------------------------------- lockout records

export async function recordOf(tx: Tx, processId: number): Promise<ConsignationRow | null> {
  const [r] = await tx.select().from(consignation).where(eq(consignation.processId, processId));
  return r ?? null;
}

export async function lockRecord(tx: Tx, processId: number): Promise<ConsignationRow | null> {
  const [r] = await tx.select().from(consignation).where(eq(consignation.processId, processId)).for('update');
  return r ?? null;
}

export async function insertRecord(
  tx: Tx,
  v: { processId: number; entrepriseId: number; mereId: number | null; mode?: ModeConsignation; etat?: EtatConsignation },
): Promise<ConsignationRow> {
  const [r] = await tx.insert(consignation).values(v).onConflictDoNothing().returning();
  return r ?? (await recordOf(tx, v.processId))!;
}

export async function updateRecord(tx: Tx, processId: number, set: Partial<typeof consignation.$inferInsert>) {
  await tx
    .update(consignation)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(consignation.processId, processId));
}

/** A mother's daughter lockouts (type 7 and any lockout recorded under it), with their avis count. */
export async function daughtersOf(tx: Tx, mereId: number) {
  return tx
    .select({
      processId: consignation.processId,
      etat: consignation.etat,
      numero: process.numero,
      nomProcess: process.nomProcess,
      typeConsignation: process.typeConsignation,
      avis: sql<number>`(select count(*)::int from ${consignationAvis} a where a.process_id = ${consignation.processId})`,
    })
    .from(consignation)
    .innerJoin(process, eq(process.id, consignation.processId))
    .where(eq(consignation.mereId, mereId))
    .orderBy(asc(process.numero));
}

/** An essai or réquisition (types 3, 4) open under this mother: its daughters stay interrupted. */
export async function essaiOpenUnder(tx: Tx, mereId: number): Promise<boolean> {
  const [r] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(consignation)
    .innerJoin(process, eq(process.id, consignation.processId))
    .where(
      and(
        eq(consignation.mereId, mereId),
        inArray(process.typeConsignation, [...TYPES_ESSAI]),
        inArray(consignation.etat, [...ETATS_CONSIGNATION_OUVERTS]),
      ),
    );
  return (r?.n ?? 0) > 0;
}

// People's names and companies are the utilisateur module's (app_person_names: never e-mails).
export { isPersonOfCompany, namesOf };

/** The configs of a process's validated steps, in order (a lockout record rebuilt from the engine's state). */
export async function validatedStepConfigs(tx: Tx, processId: number): Promise<{ etapeId: number; config: Record<string, unknown> }[]> {
  const rows = await tx
    .select({ etapeId: etape.id, config: etape.config })
    .from(processEtape)
    .innerJoin(etape, eq(etape.id, processEtape.etapeId))
    .where(and(eq(processEtape.processId, processId), eq(processEtape.isValid, true), eq(processEtape.obsolete, false)))
    .orderBy(asc(processEtape.ordre));
  return rows.map((r) => ({ etapeId: r.etapeId, config: (r.config ?? {}) as Record<string, unknown> }));
}

/** The process ids of a mother's daughters, locked (in id order) before the mother's record: an essai interrupts them. */
export async function lockDaughterProcesses(tx: Tx, mereId: number): Promise<number[]> {
  const rows = await tx.select({ id: process.id }).from(process).where(eq(process.parentId, mereId)).orderBy(asc(process.id)).for('update');
  return rows.map((r) => r.id);
}

/** The company's lockout processes (package mc or a type de consignation) that have no record yet. */
export async function lockoutsWithoutRecord(tx: Tx, entrepriseId: number): Promise<LockoutProcess[]> {
  return tx
    .select(lockoutColumns)
    .from(process)
    .where(
      and(
        eq(process.entrepriseId, entrepriseId),
        sql`(${process.package} = 'mc' or ${process.typeConsignation} between 1 and 9)`,
        sql`not exists (select 1 from ${consignation} c where c.process_id = ${process.id})`,
      ),
    )
    .orderBy(asc(process.id));
}

/** The lockout states of these processes (those with a record). */
export async function etatsOf(tx: Tx, processIds: number[]): Promise<Map<number, EtatConsignation>> {
  if (!processIds.length) return new Map();
  const rows = await tx
    .select({ processId: consignation.processId, etat: consignation.etat })
    .from(consignation)
    .where(inArray(consignation.processId, processIds));
  return new Map(rows.map((r) => [r.processId, r.etat as EtatConsignation]));
}

/** The process ids of the lockouts recorded under this mother (daughters, essais, réquisitions). */
export async function daughterIdsOf(tx: Tx, mereId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: consignation.processId })
    .from(consignation)
    .where(eq(consignation.mereId, mereId))
    .orderBy(asc(consignation.processId));
  return rows.map((r) => r.id);
}

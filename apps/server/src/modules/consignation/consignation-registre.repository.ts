import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { equipement } from '../equipement/equipement.tables.ts';
import { process } from '../process/process.tables.ts';
import { consignation, consignationAttestation, consignationAvis, consignationCadenas, consignationPoint } from './consignation.tables.ts';

// The lockout register: one statement for the page (the lockout records of the company joined to their processes,
// counts as correlated sub-queries on their process_id indexes), one for the total, one for the page's daughters.

export interface RegistreFilter {
  etats?: string[];
  typeConsignation?: number;
  equipementId?: number;
  du?: string;
  au?: string;
  ouvertes?: boolean;
}

function whereOf(entrepriseId: number, f: RegistreFilter): SQL[] {
  const w: SQL[] = [eq(consignation.entrepriseId, entrepriseId)];
  if (f.etats) w.push(f.etats.length ? inArray(consignation.etat, f.etats) : sql`false`);
  if (f.typeConsignation) w.push(eq(process.typeConsignation, f.typeConsignation));
  if (f.equipementId)
    w.push(sql`(${process.equipement} ->> 'id') ~ '^[0-9]{1,9}$' and (${process.equipement} ->> 'id')::bigint in (
      select ${equipement.id} from ${equipement}
      where ${equipement.entrepriseId} = ${entrepriseId} and ${equipement.path} @> array[${f.equipementId}]::int[])`);
  // A lockout whose window meets the period (its start, or its end when it has one).
  if (f.au) w.push(lt(process.dateDebut, sql`(${f.au}::date + 1)::timestamptz`));
  if (f.du) w.push(gte(sql`coalesce(${process.dateFin}, ${process.dateDebut})`, sql`${f.du}::date::timestamptz`));
  if (f.ouvertes) w.push(sql`${consignation.etat} not in ('deconsignee', 'cloturee', 'annulee')`);
  return w;
}

export async function registrePage(tx: Tx, entrepriseId: number, f: RegistreFilter, offset: number, perPage: number) {
  const where = and(...whereOf(entrepriseId, f));
  const rows = await tx
    .select({
      processId: consignation.processId,
      etat: consignation.etat,
      mode: consignation.mode,
      mereId: consignation.mereId,
      consigneeAt: consignation.consigneeAt,
      numero: process.numero,
      nomProcess: process.nomProcess,
      typeConsignation: process.typeConsignation,
      equipement: process.equipement,
      parentId: process.parentId,
      sequenced: process.sequenced,
      dateDebut: process.dateDebut,
      dateFin: process.dateFin,
      cadenasPoses: sql<number>`(select count(*)::int from ${consignationCadenas} k where k.process_id = ${consignation.processId} and k.retrait_at is null)`,
      cadenasTotal: sql<number>`(select count(*)::int from ${consignationCadenas} k where k.process_id = ${consignation.processId})`,
      points: sql<number>`(select count(*)::int from ${consignationPoint} x where x.process_id = ${consignation.processId})`,
      attestationNumero: sql<
        number | null
      >`(select max(a.numero) from ${consignationAttestation} a where a.process_id = ${consignation.processId} and a.type = 'consignation')`,
    })
    .from(consignation)
    .innerJoin(process, eq(process.id, consignation.processId))
    .where(where)
    // Sequenced lockouts after the free ones (S 112), the newest first.
    .orderBy(asc(process.sequenced), desc(process.numero))
    .limit(perPage)
    .offset(offset);
  const [{ total }] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(consignation)
    .innerJoin(process, eq(process.id, consignation.processId))
    .where(where);
  return { rows, total };
}

/** The daughters of these mothers (their state and avis count), for the register's mother → daughters. */
export async function daughtersOfMany(tx: Tx, mereIds: number[]) {
  if (!mereIds.length) return [];
  return tx
    .select({
      mereId: consignation.mereId,
      processId: consignation.processId,
      etat: consignation.etat,
      numero: process.numero,
      typeConsignation: process.typeConsignation,
      avis: sql<number>`(select count(*)::int from ${consignationAvis} a where a.process_id = ${consignation.processId})`,
    })
    .from(consignation)
    .innerJoin(process, eq(process.id, consignation.processId))
    .where(inArray(consignation.mereId, mereIds))
    .orderBy(asc(process.numero));
}

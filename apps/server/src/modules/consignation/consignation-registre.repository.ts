import type { ReadRegions } from '@app/contracts';
import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { equipement } from '../equipement/equipement.tables.ts';
import { process } from '../process/process.tables.ts';
import { consignation, consignationAttestation, consignationAvis, consignationCadenas, consignationPoint } from './consignation.tables.ts';

// The lockout register: one statement for the page (the lockout records of the company joined to their processes,
// counts as correlated sub-queries on their process_id indexes), one for the total, one for the page's daughters.
// All three keep to what the caller may read (RegistreScope).

/**
 * What a caller's register may show: the company's lockouts whose processes the caller's lists show (`processes`, the
 * process module's readableProcesses), and, with the company's specific equipment rights on (not for an admin), only
 * those whose equipment is a node the caller reads (`equipement`: effectiveRights as path conditions); a lockout on
 * no equipment of the registry is not concerned.
 */
export interface RegistreScope {
  entrepriseId: number;
  /** Null for a company member: the lists' rule is then the company, which the register's own condition already is. */
  processes: SQL | null;
  equipement: ReadRegions | null;
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;

/** The node's path (`e.path`) read under the regions: array operators only. */
function readsPath(r: ReadRegions): SQL {
  const any: SQL[] = [];
  if (r.anywhere.length) any.push(sql`e.path && ${intArray(r.anywhere)}`);
  for (const x of r.regions) any.push(sql`(e.path @> ${intArray([x.top])} and not e.path && ${intArray(x.except)})`);
  if (r.elsewhere) any.push(r.elsewhere.length ? sql`not e.path && ${intArray(r.elsewhere)}` : sql`true`);
  return any.length ? sql`(${sql.join(any, sql` or `)})` : sql`false`;
}

/** Whether the equipment rights hide anything (an entry on every equipment with no refusal hides nothing). */
const equipementNarrows = (s: RegistreScope) => !!s.equipement && !(s.equipement.elsewhere && s.equipement.elsewhere.length === 0);

/**
 * The scope's conditions on a lockout row (consignation joined to its process). `company`: the register's page and
 * total name the company; the daughters of its lockouts and a lockout's own daughters are of the same company (and RLS
 * keeps to it): a second company condition there lets the planner walk `process` by number instead of the mother index.
 */
function scopeOf(s: RegistreScope, company = true): SQL[] {
  const w: SQL[] = company ? [eq(consignation.entrepriseId, s.entrepriseId)] : [];
  if (s.processes) w.push(s.processes);
  const r = s.equipement;
  if (equipementNarrows(s) && r) {
    // The equipment's id as the process stores it; no id, 0 or a free name: on no equipment of the registry.
    const id = sql`coalesce(${process.equipement} ->> 'id', '')`;
    // One set of node ids per statement (uncorrelated: hashed once), never a lookup per lockout: under RLS a join
    // clause on `equipement` that computes the id cannot use its primary key (not leakproof), so a probe per row
    // scanned the company's tree each time. With an entry on every equipment the set is what the refusals hide (the
    // nodes below a refusing node), else what the granted nodes show; each is the smaller one in practice.
    if (r.elsewhere)
      w.push(sql`${id} not in (select e.id::text from ${equipement} e where e.entreprise_id = ${s.entrepriseId}
        and e.path && ${intArray(r.elsewhere)} and not ${readsPath(r)})`);
    else
      w.push(sql`(${id} in (select e.id::text from ${equipement} e where e.entreprise_id = ${s.entrepriseId} and ${readsPath(r)})
        or ${id} !~ '^[1-9][0-9]{0,8}$')`);
  }
  return w;
}

/** The paths of some equipment of the company (deleted ones too: rights follow the path), for the caller's regions. */
export async function equipementPaths(tx: Tx, entrepriseId: number, ids: number[]): Promise<Map<number, number[]>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: equipement.id, path: equipement.path })
    .from(equipement)
    .where(and(eq(equipement.entrepriseId, entrepriseId), inArray(equipement.id, ids)));
  return new Map(rows.map((r) => [r.id, r.path]));
}

export interface RegistreFilter {
  etats?: string[];
  typeConsignation?: number;
  equipementId?: number;
  du?: string;
  au?: string;
  ouvertes?: boolean;
}

function whereOf(scope: RegistreScope, f: RegistreFilter): SQL[] {
  const { entrepriseId } = scope;
  const w: SQL[] = scopeOf(scope);
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

/** The register's total is exact up to this many lockouts; beyond, it says « more than » (totalExact false). */
export const REGISTRE_EXACT_COUNT = 10_000;

/**
 * A lockout row for each process, read per process (`offset 0` keeps it a correlated probe on the primary key): the
 * page then walks the company's processes in the register's order on their own index and stops at the page's end,
 * instead of joining every lockout of the company and sorting them (ticket 15, bench « registre »).
 */
const lockoutOfProcess = sql`lateral (select * from ${consignation} where ${consignation.processId} = ${process.id} offset 0) as ${consignation}`;

const pageColumns = sql`${consignation.processId} as "processId", ${consignation.etat} as "etat", ${consignation.mode} as "mode",
  ${consignation.mereId} as "mereId", ${consignation.consigneeAt} as "consigneeAt", ${process.numero} as "numero",
  ${process.nomProcess} as "nomProcess", ${process.typeConsignation} as "typeConsignation", ${process.equipement} as "equipement",
  ${process.parentId} as "parentId", ${process.sequenced} as "sequenced", ${process.dateDebut} as "dateDebut",
  ${process.dateFin} as "dateFin"`;

export interface RegistrePageRow {
  processId: number;
  etat: string;
  mode: string;
  mereId: number | null;
  consigneeAt: Date | string | null;
  numero: number;
  nomProcess: string;
  typeConsignation: number | null;
  equipement: unknown;
  parentId: number | null;
  sequenced: boolean;
  dateDebut: Date | string | null;
  dateFin: Date | string | null;
  cadenasPoses: number;
  cadenasTotal: number;
  points: number;
  attestationNumero: number | null;
}

export async function registrePage(tx: Tx, scope: RegistreScope, f: RegistreFilter, offset: number, perPage: number) {
  const conds = whereOf(scope, f);
  // Same company on both sides (a lockout is its process's): lets the page walk process_list_numero_idx.
  const where = and(...conds, eq(process.entrepriseId, scope.entrepriseId));
  // Sequenced lockouts after the free ones (S 112), the newest first: each part walks its own index range.
  const part = (sequenced: boolean) => sql`(select ${pageColumns} from ${process} cross join ${lockoutOfProcess}
    where ${where} and ${process.sequenced} = ${sql.raw(String(sequenced))}
    order by ${process.numero} desc limit ${offset + perPage})`;
  const res = await tx.execute(sql`select r.*,
      (select count(*)::int from ${consignationCadenas} k where k.process_id = r."processId" and k.retrait_at is null) as "cadenasPoses",
      (select count(*)::int from ${consignationCadenas} k where k.process_id = r."processId") as "cadenasTotal",
      (select count(*)::int from ${consignationPoint} x where x.process_id = r."processId") as "points",
      (select max(a.numero) from ${consignationAttestation} a where a.process_id = r."processId" and a.type = 'consignation') as "attestationNumero"
    from (${part(false)} union all ${part(true)}) r
    order by r."sequenced", r."numero" desc offset ${offset} limit ${perPage}`);
  const rows = (res as unknown as { rows: RegistrePageRow[] }).rows;
  // The total: on the lockout records alone when only their own columns are filtered (an index-only count), else
  // joined to their processes; bounded either way.
  const onlyLockout = !scope.processes && !equipementNarrows(scope) && !f.typeConsignation && !f.equipementId && !f.du && !f.au;
  const counted = onlyLockout
    ? sql`select 1 from ${consignation} where ${and(...conds)} limit ${REGISTRE_EXACT_COUNT + 1}`
    : sql`select 1 from ${consignation} inner join ${process} on ${process.id} = ${consignation.processId} where ${and(...conds)} limit ${REGISTRE_EXACT_COUNT + 1}`;
  const c = await tx.execute(sql`select count(*)::int as total from (${counted}) as bounded`);
  const total = Number((c as unknown as { rows: { total: number }[] }).rows[0].total);
  return { rows, total: Math.min(total, REGISTRE_EXACT_COUNT), totalExact: total <= REGISTRE_EXACT_COUNT };
}

/** The daughters of these mothers the caller may read (their state and avis count), for the register's mother → daughters. */
export async function daughtersOfMany(tx: Tx, scope: RegistreScope, mereIds: number[]) {
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
    .where(and(inArray(consignation.mereId, mereIds), ...scopeOf(scope, false)))
    .orderBy(asc(process.numero));
}

/** Of some lockouts, those the scope shows (the daughters listed on a lockout's screen). */
export async function shownLockouts(tx: Tx, scope: RegistreScope, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: consignation.processId })
    .from(consignation)
    .innerJoin(process, eq(process.id, consignation.processId))
    .where(and(inArray(consignation.processId, ids), ...scopeOf(scope, false)));
  return new Set(rows.map((r) => r.id));
}

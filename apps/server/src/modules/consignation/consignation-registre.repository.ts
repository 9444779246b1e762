import { ETATS_CONSIGNATION_OUVERTS, type ReadRegions } from '@app/contracts';
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { isoUtc } from '../../platform/db/columns.ts';
import { queryPrepared, type Tx } from '../../platform/db/engine.ts';
import { equipement } from '../equipement/equipement.tables.ts';
import { process } from '../process/process.tables.ts';
import { consignation, consignationAvis, consignationEtatCompte, registreCode } from './consignation.tables.ts';

// The lockout register: one statement for the page (the keys of the page walked on the lockout processes' own indexes,
// then their rows with the counts their records keep (migration 0033), their state's code, the daughters each row
// shows and the total). All keep to what the caller may read (RegistreScope).

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
  /**
   * When the rights show only some nodes (no entry on every equipment) and few of them (REGISTRE_NODE_WALK_MAX): their
   * ids and 0 (on no equipment of the registry), the values of `process.equipement_registre_id` the caller reads. The
   * page then starts from these nodes instead of walking the whole register for the few rows they show.
   */
  nodes: number[] | null;
}

/** Up to this many readable nodes, the register starts from them (one index walk per node); beyond, it walks its order. */
export const REGISTRE_NODE_WALK_MAX = 256;

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
 * The nodes the regions read (deleted ones too: rights follow the path) and 0, when they show only some nodes and at
 * most `max` of them; else null (an entry on every equipment, or more nodes: the register walks its order).
 */
export async function readableNodes(tx: Tx, entrepriseId: number, r: ReadRegions, max = REGISTRE_NODE_WALK_MAX): Promise<number[] | null> {
  if (r.elsewhere) return null;
  const rows = await queryPrepared<{ id: number }>(
    tx,
    sql`select e.id from ${equipement} e where e.entreprise_id = ${entrepriseId} and ${readsPath(r)} limit ${max + 1}`,
  );
  return rows.length > max ? null : [0, ...rows.map((x) => x.id)];
}

/**
 * The equipment rights as a condition on the lockout's process. `process.equipement_registre_id` is the equipment's
 * id as the process stores it when it is one (digits, no leading zero), else 0: on no equipment of the registry, not
 * concerned by the rights (migration 0031; the same rows as comparing the stored text with each node's id).
 */
function equipementCond(s: RegistreScope): SQL | null {
  const r = s.equipement;
  if (!equipementNarrows(s) || !r) return null;
  const id = process.equipementRegistreId;
  if (s.nodes) return sql`${id} = any(${intArray(s.nodes)})`;
  // One set of node ids per statement (uncorrelated: hashed once), never a lookup per lockout. With an entry on every
  // equipment the set is what the refusals hide (the nodes below a refusing node), else what the granted nodes show.
  if (r.elsewhere)
    return sql`${id} not in (select e.id from ${equipement} e where e.entreprise_id = ${s.entrepriseId}
      and e.path && ${intArray(r.elsewhere)} and not ${readsPath(r)})`;
  return sql`(${id} = 0 or ${id} in (select e.id from ${equipement} e where e.entreprise_id = ${s.entrepriseId} and ${readsPath(r)}))`;
}

/**
 * The scope's conditions on a lockout's process, without the company (the daughters of a lockout are of its company,
 * and RLS keeps to it: a second company condition there lets the planner walk `process` by number instead of the
 * mother index).
 */
function scopeOf(s: RegistreScope): SQL[] {
  const w: SQL[] = [];
  if (s.processes) w.push(s.processes);
  const e = equipementCond(s);
  if (e) w.push(e);
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

/** The filter's conditions: on the lockout's process (the company, the scope but its equipment rights, the filter), the
 * equipment rights (`equip`), and on the lockout record itself. */
interface Where {
  proc: SQL[];
  equip: SQL | null;
  lockout: SQL[];
}

function whereOf(scope: RegistreScope, f: RegistreFilter): Where {
  const { entrepriseId } = scope;
  const proc: SQL[] = [eq(process.entrepriseId, entrepriseId)];
  if (scope.processes) proc.push(scope.processes);
  const lockout: SQL[] = [];
  if (f.etats) lockout.push(f.etats.length ? inArray(consignation.etat, f.etats) : sql`false`);
  if (f.typeConsignation) proc.push(eq(process.typeConsignation, f.typeConsignation));
  if (f.equipementId)
    proc.push(sql`(${process.equipement} ->> 'id') ~ '^[0-9]{1,9}$' and (${process.equipement} ->> 'id')::bigint in (
      select ${equipement.id} from ${equipement}
      where ${equipement.entrepriseId} = ${entrepriseId} and ${equipement.path} @> array[${f.equipementId}]::int[])`);
  // A lockout whose window meets the period (its start, or its end when it has one).
  if (f.au) proc.push(lt(process.dateDebut, sql`(${f.au}::date + 1)::timestamptz`));
  if (f.du) proc.push(gte(sql`coalesce(${process.dateFin}, ${process.dateDebut})`, sql`${f.du}::date::timestamptz`));
  // The open states listed (not « not in » the closed ones): their ranges of consignation_etat_idx alone are read.
  if (f.ouvertes) lockout.push(sql`${consignation.etat} = any(${sql.raw(`'{${ETATS_CONSIGNATION_OUVERTS.join(',')}}'::text[]`)})`);
  return { proc, equip: equipementCond(scope), lockout };
}

/** The register's total is exact up to this many lockouts; beyond, it says « more than » (totalExact false). */
export const REGISTRE_EXACT_COUNT = 10_000;

/**
 * How many keys the page walks: offset + perPage rounded up to 100 × 2^n, written as a literal. PostgreSQL costs a
 * limit it cannot see (a parameter) as a tenth of the rows: the generic plan then cost a hundred times the custom one,
 * so the prepared statement was planned again at every execution (3 ms, more than it runs), and where the generic plan
 * was forced it crossed jit_above_cost (~200 ms of JIT per execution). A few distinct texts cover every page.
 */
export function walkLimit(rows: number): number {
  let k = 100;
  while (k < rows) k *= 2;
  return k;
}

/**
 * The lockout record of the process, read on its key (`offset 0` keeps it a correlated probe per process rather than a
 * join of every lockout of the company).
 */
const lockoutOfProcess = sql`lateral (select * from ${consignation} where ${consignation.processId} = ${process.id} offset 0) as ${consignation}`;

const pageColumns = sql`${consignation.processId} as "processId", ${consignation.etat} as "etat", ${consignation.mode} as "mode",
  ${consignation.mereId} as "mereId", ${isoUtc(consignation.consigneeAt)} as "consigneeAt", ${process.numero} as "numero",
  ${process.nomProcess} as "nomProcess", ${process.typeConsignation} as "typeConsignation", ${process.equipement} ->> 'libelle' as "equipementLibelle",
  ${process.parentId} as "parentId", ${process.sequenced} as "sequenced", ${isoUtc(process.dateDebut)} as "dateDebut",
  ${isoUtc(process.dateFin)} as "dateFin"`;

export interface RegistreDaughter {
  processId: number;
  numero: number;
  etat: string;
  /** How many avis de fin de travail it has. */
  avis: number;
}

export interface RegistrePageRow {
  processId: number;
  etat: string;
  mode: string;
  mereId: number | null;
  /** ISO 8601, UTC (isoUtc). */
  consigneeAt: string | null;
  numero: number;
  nomProcess: string;
  typeConsignation: number | null;
  /** The process's equipment's label (`equipement.libelle`), as text. */
  equipementLibelle: string | null;
  parentId: number | null;
  sequenced: boolean;
  /** ISO 8601, UTC (isoUtc). */
  dateDebut: string | null;
  dateFin: string | null;
  cadenasPoses: number;
  cadenasTotal: number;
  points: number;
  attestationNumero: number | null;
  /** The company's register code for its state (the first by `idx`, as codeOfEtat), or nulls when none stands for it. */
  code: string | null;
  codeLibelle: string | null;
  couleur: string | null;
  icone: string | null;
  codeTerminal: boolean | null;
  /** Its daughters the caller's register shows, by number. */
  filles: RegistreDaughter[];
  /** The bounded total (up to REGISTRE_EXACT_COUNT + 1), the same on every row. */
  total: number;
}

/**
 * How many keys the node walk first reads per node (pageKeys): enough that, spread evenly, the nodes hold twice the
 * walk's limit, at least 8; a power of two (one statement text per size), at most the limit.
 */
export function probeSize(limit: number, nodes: number): number {
  let k = 8;
  while (k < limit && k * nodes < 2 * limit) k *= 2;
  return Math.min(k, limit);
}

/**
 * The keys (id, sequenced, numero) of the first `limit` lockouts of the register in its order (sequenced ones after the
 * free ones, the newest first), on the lockout processes' indexes (migration 0031, `has_lockout`): in that order on
 * process_lockout_numero_idx, or — when the rights show a few nodes — from each node on process_lockout_equipement_idx.
 * The record is read only for a condition on its own columns.
 *
 * From the nodes, in two reads (docs/DECISIONS.md « Ticket 15 — la page du technicien en deux lectures »): the first
 * `probeSize` keys of each node (`probe`); then, only for the nodes whose whole probe is among the first `limit` keys
 * of the probe (`dense`: they may hold more keys among the first `limit`), their next keys up to `limit`. Exact: let
 * `t` be the `limit`-th key of the probe, at or after the true `limit`-th (the probe is a subset). A key of the first
 * `limit` missing from its node's probe comes after that node's `probeSize` probed keys, so they all come before `t`,
 * are all among the probe's first `limit`, and the node is re-read. Where the keys are spread over the nodes, each
 * node gives a few keys instead of up to `limit`.
 */
function pageKeys(scope: RegistreScope, w: Where, limit: number): SQL {
  const keys = sql`${process.id} as id, ${process.sequenced} as sequenced, ${process.numero} as numero`;
  const from = w.lockout.length ? sql`${process} cross join ${lockoutOfProcess}` : sql`${process}`;
  const order = sql`order by ${process.sequenced}, ${process.numero} desc`;
  const conds = [...w.proc, ...w.lockout, sql`${process.hasLockout}`];
  if (!scope.nodes || !w.equip)
    return sql`select ${keys} from ${from} where ${and(...conds, ...(w.equip ? [w.equip] : []))} ${order} limit ${sql.raw(String(limit))}`;
  const k = probeSize(limit, scope.nodes.length);
  const ofNode = (node: SQL) =>
    sql`select ${keys} from ${from} where ${and(...conds, sql`${process.equipementRegistreId} = ${node}`)} ${order}`;
  return sql`with probe as materialized (select n.node, k.* from unnest(${intArray(scope.nodes)}) as n(node)
      cross join lateral (${ofNode(sql`n.node`)} limit ${sql.raw(String(k))}) k),
    top as (select node from probe order by sequenced, numero desc limit ${sql.raw(String(limit))}),
    dense as (select node from top group by node having count(*) = ${sql.raw(String(k))})
    select id, sequenced, numero from probe
    union all
    select r.* from dense d cross join lateral (${ofNode(sql`d.node`)} limit ${sql.raw(String(limit))} offset ${sql.raw(String(k))}) r`;
}

/**
 * The lockouts counted up to REGISTRE_EXACT_COUNT + 1: on the records alone when only their own columns are filtered
 * (an index-only count), else on the lockout processes (`has_lockout`: a process has its record), with the record
 * when it is filtered.
 */
function boundedTotal(scope: RegistreScope, f: RegistreFilter, w: Where): SQL {
  const limit = sql`limit ${REGISTRE_EXACT_COUNT + 1}`;
  const onlyLockout = !scope.processes && !w.equip && !f.typeConsignation && !f.equipementId && !f.du && !f.au;
  const counted = onlyLockout
    ? sql`select 1 from ${consignation} where ${and(eq(consignation.entrepriseId, scope.entrepriseId), ...w.lockout)} ${limit}`
    : sql`select 1 from ${w.lockout.length ? sql`${process} cross join ${lockoutOfProcess}` : process}
        where ${and(...w.proc, ...(w.equip ? [w.equip] : []), ...w.lockout, sql`${process.hasLockout}`)} ${limit}`;
  return sql`select count(*)::int from (${counted}) as bounded`;
}

/**
 * The exact total from the register's counters (migration 0032, consignation_etat_compte), when the page shows the
 * company's lockouts or those of the few nodes the caller reads (RegistreScope.nodes), filtered on their state alone:
 * a sum over a few rows (per state, and per node for a node-scoped caller). Null otherwise (a contractor's scope, a
 * filter on the process, rights over many nodes): the bounded count then.
 */
function countedTotal(scope: RegistreScope, f: RegistreFilter, w: Where): SQL | null {
  if (scope.processes || f.typeConsignation || f.equipementId || f.du || f.au) return null;
  if (w.equip && !scope.nodes) return null;
  const c = consignationEtatCompte;
  const conds: SQL[] = [
    eq(c.entrepriseId, scope.entrepriseId),
    w.equip && scope.nodes ? sql`${c.equipementRegistreId} = any(${intArray(scope.nodes)})` : eq(c.equipementRegistreId, -1),
  ];
  if (f.etats) conds.push(f.etats.length ? inArray(c.etat, f.etats) : sql`false`);
  if (f.ouvertes) conds.push(sql`${c.etat} = any(${sql.raw(`'{${ETATS_CONSIGNATION_OUVERTS.join(',')}}'::text[]`)})`);
  return sql`select coalesce(sum(${c.n}), 0)::int as count from ${c} where ${and(...conds)}`;
}

/**
 * The daughters of the row's lockout (`pg.id`) the scope shows, with their state and avis count, by number. The same
 * names as the page (`consignation`, `process`) for the daughter's rows: the scope's conditions apply to them.
 */
function daughtersOf(scope: RegistreScope): SQL {
  const shown = scopeOf(scope);
  return sql`(select coalesce(json_agg(json_build_object('processId', ${consignation.processId}, 'numero', ${process.numero},
      'etat', ${consignation.etat}, 'avis', (select count(*)::int from ${consignationAvis} a where a.process_id = ${consignation.processId}))
      order by ${process.numero}), '[]'::json)
    from ${consignation} inner join ${process} on ${process.id} = ${consignation.processId}
    where ${and(sql`${consignation.mereId} = pg.id`, ...shown)})`;
}

/**
 * A page of the register in one prepared statement: its keys (pageKeys, walkLimit of them), then the page's rows with
 * the counts, the daughters and the bounded total.
 */
export async function registrePage(tx: Tx, scope: RegistreScope, f: RegistreFilter, offset: number, perPage: number) {
  const w = whereOf(scope, f);
  const exact = countedTotal(scope, f, w);
  const total = exact ?? boundedTotal(scope, f, w);
  const rows = await queryPrepared<RegistrePageRow>(
    tx,
    sql`with page as (select pk.* from (${pageKeys(scope, w, walkLimit(offset + perPage))}) pk
        order by pk.sequenced, pk.numero desc offset ${offset} limit ${perPage})
      select ${pageColumns},
        ${consignation.cadenasPoses} as "cadenasPoses", ${consignation.cadenasTotal} as "cadenasTotal",
        ${consignation.pointsTotal} as "points", ${consignation.attestationNumero} as "attestationNumero",
        case when ${consignation.fillesTotal} > 0 then ${daughtersOf(scope)} else '[]'::json end as "filles",
        rc.code as "code", rc.libelle as "codeLibelle", rc.couleur as "couleur", rc.icone as "icone", rc.terminal as "codeTerminal",
        (${total}) as "total"
      from page pg inner join ${process} on ${process.id} = pg.id cross join ${lockoutOfProcess}
        left join (select distinct on (${registreCode.etat}) ${registreCode.etat} as etat, ${registreCode.code} as code,
            ${registreCode.libelle} as libelle, ${registreCode.couleur} as couleur, ${registreCode.icone} as icone, ${registreCode.terminal} as terminal
          from ${registreCode} where ${eq(registreCode.entrepriseId, scope.entrepriseId)} order by ${registreCode.etat}, ${registreCode.idx}, ${registreCode.code}) rc
          on rc.etat = ${consignation.etat}
      where ${eq(consignation.entrepriseId, scope.entrepriseId)}
      order by pg.sequenced, pg.numero desc`,
  );
  // Past the end of the register no row brings the total (at the start, none means none).
  const counted = rows.length ? rows[0].total : offset > 0 ? Number((await queryPrepared<{ count: number }>(tx, total))[0].count) : 0;
  if (exact) return { rows, total: counted, totalExact: true };
  return { rows, total: Math.min(counted, REGISTRE_EXACT_COUNT), totalExact: counted <= REGISTRE_EXACT_COUNT };
}

/** Of some lockouts, those the scope shows (the daughters listed on a lockout's screen). */
export async function shownLockouts(tx: Tx, scope: RegistreScope, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: consignation.processId })
    .from(consignation)
    .innerJoin(process, eq(process.id, consignation.processId))
    .where(and(inArray(consignation.processId, ids), ...scopeOf(scope)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Folds the register's counters (each key's deltas into one row; migration 0032), system-wide in the hourly
 * housekeeping. Returns how many rows it removed.
 */
export async function compactRegistreTotals(tx: Tx): Promise<number> {
  const [r] = await queryPrepared<{ folded: number }>(tx, sql`select app_compact_consignation_etat_compte() as folded`);
  return Number(r?.folded ?? 0);
}

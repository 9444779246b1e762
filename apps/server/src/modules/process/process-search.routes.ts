import { API, DEFAULT_TIMEZONE, EXACT_COUNT_LIMIT, LIST_VARIANTS, type ProcessEtat, type ProcessSearch, type SortKey } from '@app/contracts';
import { and, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Caller } from '../../platform/auth/caller.ts';
import { executePrepared, type Tx } from '../../platform/db/engine.ts';
import { etape, process } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { type RouteDef, route, Serialized } from '../../platform/http/route.ts';

const S = API.processSearch;

/** The sort expressions, written exactly as the list indexes are (so that the planner walks them). */
const SORTS: Record<SortKey, { expr: SQL; kind: 'int' | 'text' | 'date' }> = {
  numero: { expr: sql`${process.numero}`, kind: 'int' },
  equipement: { expr: sql`coalesce(${process.equipementLibelle}, '')`, kind: 'text' },
  workflow: { expr: sql`${process.modeleLibelle}`, kind: 'text' },
  preparateur: { expr: sql`coalesce(${process.preparateur}, '')`, kind: 'text' },
  dateDebut: { expr: sql`coalesce(${process.dateDebut}, 'infinity'::timestamptz)`, kind: 'date' },
  dateFin: { expr: sql`coalesce(${process.dateFin}, 'infinity'::timestamptz)`, kind: 'date' },
  status: { expr: sql`${process.etat}`, kind: 'text' },
  typeConsignation: { expr: sql`coalesce(${process.typeConsignation}, 0)`, kind: 'int' },
  nomProcess: { expr: sql`${process.nomProcess}`, kind: 'text' },
};

type Cursor = [boolean, string | number, number];
const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decode(s: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString()) as Cursor;
    if (Array.isArray(c) && c.length === 3 && typeof c[0] === 'boolean' && Number.isInteger(c[2])) return c;
  } catch {
    /* refused below */
  }
  throw new AppError('VALIDATION', 'Curseur de page invalide : repartez de la première page.');
}

function filtersSql(caller: Caller, q: ProcessSearch): SQL[] {
  const f = q.filters;
  const out: SQL[] = [eq(process.entrepriseId, caller.entrepriseId)];
  if (q.variant) out.push(eq(process.package, LIST_VARIANTS[q.variant].package));
  // Lists of values as one array parameter: the statement's text (its prepared name) does not depend on their count.
  const ints = (v: readonly number[]) => `{${v.map(Number).join(',')}}`;
  if (f.etat?.length) out.push(sql`${process.etat} = any(${`{${f.etat.join(',')}}`}::text[])`);
  if (f.processModeleIds?.length) out.push(sql`${process.processModeleId} = any(${ints(f.processModeleIds)}::int[])`);
  if (f.preparateurIds?.length) out.push(sql`${process.createdById} = any(${ints(f.preparateurIds)}::int[])`);
  if (f.prestataireIds?.length) out.push(sql`${process.prestataireIds} && ${ints(f.prestataireIds)}::int[]`);
  if (f.typeConsignation?.length) out.push(sql`${process.typeConsignation} = any(${ints(f.typeConsignation)}::int[])`);
  if (f.equipement) out.push(ilike(process.equipementLibelle, likePattern(f.equipement)));
  if (f.search) {
    // The name through the trigram index (app_process_name_match, migration 0009: RLS keeps ILIKE off indexes).
    const byName = sql`${process.id} in (select id from name_match)`;
    const n = Number(f.search.replace(',', '.'));
    out.push(Number.isFinite(n) && /^\d+([.,]\d+)?$/.test(f.search) ? (or(byName, eq(process.numero, Math.round(n * 100))) as SQL) : byName);
  }
  for (const [range, col] of [[f.dateDebut, process.dateDebut], [f.dateFin, process.dateFin]] as const) {
    if (range?.from) out.push(gte(col, new Date(range.from)));
    if (range?.to) out.push(lt(col, new Date(range.to)));
  }
  return out;
}

/** The ids of the company's processes whose name contains `search` (trigram index, see migration 0009). */
const nameMatch = (search: string) => sql`name_match as materialized (select app_process_name_match(${likePattern(search)}) as id)`;

const likePattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of a list, in one statement that PostgreSQL also writes as JSON. Free processes come first, then the
 * sequenced ones (each part walks its own index); within each, the chosen sort then the id. With a cursor the page
 * continues after the previous page's last row (keyset), as fast deep as on top. The total is counted up to
 * EXACT_COUNT_LIMIT + 1 rows in the same statement. Dates are yyyymmdd in the display time zone `tz`.
 */
export async function searchProcesses(tx: Tx, caller: Caller, q: ProcessSearch, tz = DEFAULT_TIMEZONE): Promise<Serialized> {
  const { expr, kind } = SORTS[q.sort.key];
  const desc = q.sort.order === 'desc';
  const dir = sql.raw(desc ? 'desc' : 'asc');
    const where = filtersSql(caller, q);
  const cursor = q.cursor ? decode(q.cursor) : null;
  const offset = cursor ? 0 : q.offset;
  const cast = (v: string | number) => (kind === 'date' ? sql`${String(v)}::timestamptz` : kind === 'int' ? sql`${Number(v)}` : sql`${String(v)}`);
  const part = (sequenced: boolean) => {
    // A literal, not a parameter: the plan kept for the prepared statement must walk the right index part.
    const conds = [...where, sql`${process.sequenced} = ${sql.raw(String(sequenced))}`];
    if (cursor && cursor[0] === sequenced) conds.push(sql`(${expr}, ${process.id}) ${sql.raw(desc ? '<' : '>')} (${cast(cursor[1])}, ${cursor[2]})`);
    // Keys only: an index can answer alone (index-only scan); the page's rows are read by id below.
    return sql`(select ${process.id} as id, ${process.sequenced} as sequenced, ${expr} as sv
      from ${process} where ${and(...conds)} order by ${expr} ${dir}, ${process.id} ${dir} limit ${offset + q.perPage})`;
  };
  const cmp = sql.raw(desc ? '<' : '>');
  let ctes: SQL;
  let count: SQL;
  if (q.filters.search) {
    // A name search: the matching rows (trigram index, app_process_name_match) are few enough to be gathered once,
    // then sorted for the page and counted.
    const after = cursor ? sql` where (h.sequenced > ${sql.raw(String(cursor[0]))} or (h.sequenced = ${sql.raw(String(cursor[0]))} and (h.sv, h.id) ${cmp} (${cast(cursor[1])}, ${cursor[2]})))` : sql``;
    ctes = sql`${nameMatch(q.filters.search)},
      hits as materialized (select ${process.id} as id, ${process.sequenced} as sequenced, ${expr} as sv from ${process} where ${and(...where)}),
      page as (select * from hits h${after} order by h.sequenced, h.sv ${dir}, h.id ${dir} offset ${offset} limit ${q.perPage})`;
    count = sql`(select count(*)::int from (select 1 from hits limit ${EXACT_COUNT_LIMIT + 1}) as bounded)`;
  } else {
    // A cursor in the sequenced part has left the free part behind.
    const parts = cursor?.[0] === true ? part(true) : sql`${part(false)} union all ${part(true)}`;
    ctes = sql`page as (select * from (${parts}) u order by u.sequenced, u.sv ${dir}, u.id ${dir} offset ${offset} limit ${q.perPage})`;
    count = sql`(select count(*)::int from (select 1 from ${process} where ${and(...where)} limit ${EXACT_COUNT_LIMIT + 1}) as bounded)`;
  }
  const svText = kind === 'date' ? sql`case when pg.sv = 'infinity'::timestamptz then 'infinity' else to_char(pg.sv at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') end` : sql`pg.sv`;
  const day = (col: 'date_debut' | 'date_fin') => sql`to_char(${sql.raw(`p.${col}`)} at time zone ${tz}::text, 'YYYYMMDD')::int`;
  const statement = sql`with ${ctes}
    select p.id, p.numero, p.nom_process, p.equipement_libelle, p.process_modele_id, p.modele_libelle, p.preparateur,
      ${day('date_debut')} as debut, ${day('date_fin')} as fin, p.etat, e.nom as etape_nom, p.niveau, p.current_ordre,
      p.sequenced, to_char(p.last_modify_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_modify_at,
      p.status, p.type_consignation, ${svText} as sv_text,
      ${count} as n
    from page pg join ${process} p on p.id = pg.id
    left join ${etape} e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv ${dir}, pg.id ${dir}`;
  const rows = await executePrepared<PageRow>(tx, statement);
  let n = rows[0]?.n ?? 0;
  if (!rows.length && (offset > 0 || cursor)) {
    // Past the end: the count did not come with a row.
    const counted = sql`select count(*)::int as n from (select 1 from ${process} where ${and(...where)} limit ${EXACT_COUNT_LIMIT + 1}) as bounded`;
    const [c] = await executePrepared<{ n: number }>(tx, q.filters.search ? sql`with ${nameMatch(q.filters.search)} ${counted}` : counted);
    n = c.n;
  }
  const last = rows[rows.length - 1];
  const nextCursor = last && rows.length === q.perPage ? encode([last.sequenced, last.sv_text, last.id]) : null;
  return new Serialized(
    `{"items":[${rows.map(rowJson).join(',')}],"total":${Math.min(n, EXACT_COUNT_LIMIT)},"totalExact":${n <= EXACT_COUNT_LIMIT},"nextCursor":${JSON.stringify(nextCursor)},"perPage":${q.perPage},"offset":${offset}}`,
  );
}

interface PageRow {
  id: number;
  numero: number;
  nom_process: string;
  equipement_libelle: string | null;
  process_modele_id: number;
  modele_libelle: string;
  preparateur: string | null;
  debut: number | null;
  fin: number | null;
  etat: ProcessEtat;
  etape_nom: string | null;
  niveau: number;
  current_ordre: number | null;
  sequenced: boolean;
  last_modify_at: string;
  status: string | null;
  type_consignation: number | null;
  sv_text: string | number;
  n: number;
}

const str = (v: string | null) => (v === null ? 'null' : JSON.stringify(v));
const LATEST: Partial<Record<ProcessEtat, string>> = { termine: '"Terminé"', inactif: '"Inactif"' };

/** A process-list row of the spec (ProcessSearchResult's items) written straight as JSON. */
function rowJson(r: PageRow): string {
  return `{"id":${r.id},"numero":${r.numero},"nomProcess":${str(r.nom_process)},"description":null,"equipementLastItemString":${str(r.equipement_libelle)},"firstPrestataireLibelle":null,"processModeleId":${r.process_modele_id},"processModeleLibelle":${str(r.modele_libelle)},"preparateur":${str(r.preparateur)},"dateDebutInteger":${r.debut},"dateFinInteger":${r.fin},"latestStatus":${LATEST[r.etat] ?? str(r.etape_nom)},"origin":null,"nameConsignation":null,"niveaux":${r.niveau},"etat":"${r.etat}","articles":null,"quantity":null,"fournisseur":null,"dateSouhaitee":null,"currentEtapeOrdre":${r.current_ordre},"lockedProcess":${r.sequenced},"lastModifyAt":"${r.last_modify_at}","status":${str(r.status)},"typeConsignation":${r.type_consignation}}`;
}

export const processSearchRoutes: RouteDef[] = [
  route(S.search, async ({ tx, caller }, { query, body }) => searchProcesses(tx, caller, body, query.tz), { genericPlans: true }),
  route(S.processes, async ({ tx, caller }, { query }) =>
    searchProcesses(
      tx,
      caller,
      { variant: query.variant, filters: {}, sort: { key: 'numero', order: 'desc' }, perPage: query.perPage, offset: 0, cursor: query.cursor ?? null },
      query.tz,
    ),
    { genericPlans: true },
  ),
];

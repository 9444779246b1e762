import { API, DEFAULT_TIMEZONE, EXACT_COUNT_LIMIT, LIST_VARIANTS, type ProcessSearch, type SortKey } from '@app/contracts';
import { and, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Caller } from '../../platform/auth/caller.ts';
import { executePrepared, type Tx } from '../../platform/db/engine.ts';
import { containsPattern } from '../../platform/db/like.ts';
import { AppError } from '../../platform/http/errors.ts';
import { type RouteDef, route, Serialized } from '../../platform/http/route.ts';
import { entreprise } from '../entreprise/entreprise.tables.ts';
import { etape } from '../workflow/workflow.tables.ts';
import { process } from './process.tables.ts';

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

/** The list's conditions; `viaIndex`: the name search goes through the trigram index (see byIndex). */
function filtersSql(caller: Caller, q: ProcessSearch, viaIndex: boolean): SQL[] {
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
  if (f.equipement) out.push(ilike(process.equipementLibelle, containsPattern(f.equipement)));
  if (f.search) {
    // The name's search key (lower case, no accents: app_search_key, migration 0011) contains the typed text's.
    // Candidates come from the trigram index through a pattern of a few of the text's trigrams (app_search_like),
    // then strpos keeps the exact matches. Read from the view process_own (migration 0010), where the pattern can
    // reach the index; each value is computed once (a sub-select), not again for every candidate row.
    // A text without such trigrams (« a », « 12 », « n° 1 ») would make the index read all its lists: the list then
    // walks its order instead and keeps the names containing it (many do), stopping at the page and the bound.
    const contains = sql`strpos(${process.nomRecherche}, (select app_search_key(${f.search}))) > 0`;
    const byName = viaIndex
      ? sql`(${process.nomRecherche} like (select app_search_like(app_search_key(${f.search}))) and ${contains})`
      : contains;
    const n = Number(f.search.replace(',', '.'));
    out.push(
      Number.isFinite(n) && /^\d+([.,]\d+)?$/.test(f.search) ? (or(byName, eq(process.numero, Math.round(n * 100))) as SQL) : byName,
    );
  }
  for (const [range, col] of [
    [f.dateDebut, process.dateDebut],
    [f.dateFin, process.dateFin],
  ] as const) {
    if (range?.from) out.push(gte(col, new Date(range.from)));
    if (range?.to) out.push(lt(col, new Date(range.to)));
  }
  return out;
}

/** Counts the rows of `source` up to EXACT_COUNT_LIMIT + 1 (beyond, the total says "more than"), as text. */
export const boundedCount = (source: SQL) =>
  sql`select count(*)::text from (select 1 from ${source} limit ${EXACT_COUNT_LIMIT + 1}) as bounded`;

/**
 * Where a list's keys are read: a name search reads the view process_own (the caller's company, the policy's rows,
 * see migration 0010) aliased as "process", so that its name condition can use the trigram index.
 */
const keysFrom = (viaIndex: boolean) => (viaIndex ? sql`process_own as ${process}` : sql`${process}`);

/**
 * Whether a typed text gives the trigram index something to read, as app_search_like cuts it (migration 0011): a
 * word of 3 characters or more, or one of 2 after a separator. Only the choice of plan depends on it: both ways
 * keep exactly the names whose key contains the text's.
 */
export function searchUsesIndex(search: string): boolean {
  const key = search.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  for (const m of key.matchAll(/([^\p{L}\p{N}]*)([\p{L}\p{N}]+)/gu)) {
    if (m[2].length >= 3 || (m[2].length === 2 && m[1] !== '')) return true;
  }
  return false;
}

/** A name search through the trigram index (its matches gathered, then sorted), rather than along the list's order. */
const byIndex = (q: ProcessSearch) => Boolean(q.filters.search && searchUsesIndex(q.filters.search));

/**
 * One page of a list, in one statement. Free processes come first, then the
 * sequenced ones (each part walks its own index); within each, the chosen sort then the id. With a cursor the page
 * continues after the previous page's last row (keyset), as fast deep as on top. The total is counted up to
 * EXACT_COUNT_LIMIT + 1 rows in the same statement. Dates are yyyymmdd in the display time zone `tz`. A board
 * (get_for_tableau) adds its filter's conditions and its fields' values on each row (`valeurs`).
 */
export async function searchProcesses(
  tx: Tx,
  caller: Caller,
  q: ProcessSearch,
  tz = DEFAULT_TIMEZONE,
  board?: BoardPart,
): Promise<Serialized> {
  const { expr, kind } = SORTS[q.sort.key];
  const desc = q.sort.order === 'desc';
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const viaIndex = byIndex(q);
  const where = [...filtersSql(caller, q, viaIndex), ...(board?.where ?? [])];
  const cursor = q.cursor ? decode(q.cursor) : null;
  const offset = cursor ? 0 : q.offset;
  const cast = (v: string | number) =>
    kind === 'date' ? sql`${String(v)}::timestamptz` : kind === 'int' ? sql`${Number(v)}` : sql`${String(v)}`;
  const part = (sequenced: boolean) => {
    // A literal, not a parameter: the plan kept for the prepared statement must walk the right index part.
    const conds = [...where, sql`${process.sequenced} = ${sql.raw(String(sequenced))}`];
    if (cursor && cursor[0] === sequenced)
      conds.push(sql`(${expr}, ${process.id}) ${sql.raw(desc ? '<' : '>')} (${cast(cursor[1])}, ${cursor[2]})`);
    // Keys only: an index can answer alone (index-only scan); the page's rows are read by id below.
    return sql`(select ${process.id} as id, ${process.sequenced} as sequenced, ${expr} as sv
      from ${process} where ${and(...conds)} order by ${expr} ${dir}, ${process.id} ${dir} limit ${offset + q.perPage})`;
  };
  const cmp = sql.raw(desc ? '<' : '>');
  let ctes: SQL;
  let count: SQL;
  if (viaIndex) {
    // A name search: the matching rows (trigram index) are few enough to be gathered once, then sorted for the
    // page and counted.
    const after = cursor
      ? sql` where (h.sequenced > ${sql.raw(String(cursor[0]))} or (h.sequenced = ${sql.raw(String(cursor[0]))} and (h.sv, h.id) ${cmp} (${cast(cursor[1])}, ${cursor[2]})))`
      : sql``;
    ctes = sql`hits as materialized (select ${process.id} as id, ${process.sequenced} as sequenced, ${expr} as sv from ${keysFrom(viaIndex)} where ${and(...where)}),
      page as (select * from hits h${after} order by h.sequenced, h.sv ${dir}, h.id ${dir} offset ${offset} limit ${q.perPage})`;
    count = sql`(${boundedCount(sql`hits`)})`;
  } else {
    // A cursor in the sequenced part has left the free part behind.
    const parts = cursor?.[0] === true ? part(true) : sql`${part(false)} union all ${part(true)}`;
    ctes = sql`page as (select * from (${parts}) u order by u.sequenced, u.sv ${dir}, u.id ${dir} offset ${offset} limit ${q.perPage})`;
    count = sql`(${boundedCount(sql`${process} where ${and(...where)}`)})`;
  }
  // The page's rows, every column as text (dates as timestamps in the display time zone), and the bounded count
  // on each row: the process writes them into the JSON as they are, without parsing them.
  const statement = sql`with ${ctes}
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle,
      p.preparateur, (p.date_debut at time zone ${tz}::text)::text, (p.date_fin at time zone ${tz}::text)::text, p.etat,
      e.nom, p.niveau::text, p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text,
      p.status, p.type_consignation::text, pg.sv::text,
      (select en.nom from ${entreprise} en where en.id = p.prestataire_ids[1]), ${count}${board ? sql`, ${valeursColumn(board.metriques)}` : sql``}
    from page pg join ${process} p on p.id = pg.id
    left join ${etape} e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv ${dir}, pg.id ${dir}`;
  const rows = await executePrepared(tx, statement);
  let n = rows.length ? Number(rows[0][C.n]) : 0;
  if (!rows.length && (offset > 0 || cursor)) {
    // Past the end: no row brought the count.
    const [[c]] = await executePrepared(tx, boundedCount(sql`${keysFrom(viaIndex)} where ${and(...where)}`));
    n = Number(c);
  }
  const last = rows[rows.length - 1];
  const nextCursor =
    last && rows.length === q.perPage
      ? encode([last[C.sequenced] === 'true', kind === 'int' ? Number(last[C.sv]) : String(last[C.sv]), Number(last[C.id])])
      : null;
  const item = board ? (r: (string | null)[]) => `${rowJson(r).slice(0, -1)},"valeurs":${r[C.valeurs]}}` : rowJson;
  return new Serialized(
    `{"items":[${rows.map(item).join(',')}],"total":${Math.min(n, EXACT_COUNT_LIMIT)},"totalExact":${n <= EXACT_COUNT_LIMIT},"nextCursor":${JSON.stringify(nextCursor)},"perPage":${q.perPage},"offset":${offset}}`,
  );
}

/** Positions of the statement's columns. */
const C = {
  id: 0,
  numero: 1,
  nom: 2,
  equipement: 3,
  modeleId: 4,
  modele: 5,
  preparateur: 6,
  debut: 7,
  fin: 8,
  etat: 9,
  etape: 10,
  niveau: 11,
  ordre: 12,
  sequenced: 13,
  modifie: 14,
  status: 15,
  type: 16,
  sv: 17,
  prestataire: 18,
  n: 19,
  valeurs: 20,
};

/** What a board adds to a list: its filter's conditions, and its fields' values on each row (`valeurs`). */
interface BoardPart {
  where: SQL[];
  metriques: number[];
}

/** The board's fields of the row as a JSON object (id → stored value, null when absent), as text. */
const valeursColumn = (metriques: number[]) =>
  sql`(select coalesce(jsonb_object_agg(k, coalesce(p.raw_data -> k, 'null'::jsonb)), '{}'::jsonb) from unnest(${`{${metriques.map(Number).join(',')}}`}::text[]) k)::text`;

const str = (v: string | null) => (v === null ? 'null' : JSON.stringify(v));
const num = (v: string | null) => (v === null ? 'null' : v);
/** yyyymmdd of an ISO timestamp text ('2026-11-24 08:00:00'), as a JSON number. */
const day = (v: string | null) => (v === null || v.charCodeAt(4) !== 45 ? 'null' : `${v.slice(0, 4)}${v.slice(5, 7)}${v.slice(8, 10)}`);
/** '2026-11-22 15:05:03.123456' (UTC) → "2026-11-22T15:05:03.123Z". */
const instant = (v: string | null) => (v === null ? 'null' : `"${v.slice(0, 10)}T${v.slice(11, 19)}.${v.slice(20, 23).padEnd(3, '0')}Z"`);
const LATEST: Record<string, string> = { termine: '"Terminé"', inactif: '"Inactif"' };

/** A process-list row of the spec (ProcessSearchResult's items), written from the statement's text columns. */
function rowJson(r: (string | null)[]): string {
  const etat = r[C.etat] as string;
  return `{"id":${r[C.id]},"numero":${r[C.numero]},"nomProcess":${str(r[C.nom])},"description":null,"equipementLastItemString":${str(r[C.equipement])},"firstPrestataireLibelle":${str(r[C.prestataire])},"processModeleId":${r[C.modeleId]},"processModeleLibelle":${str(r[C.modele])},"preparateur":${str(r[C.preparateur])},"dateDebutInteger":${day(r[C.debut])},"dateFinInteger":${day(r[C.fin])},"latestStatus":${LATEST[etat] ?? str(r[C.etape])},"origin":null,"nameConsignation":null,"niveaux":${r[C.niveau]},"etat":${str(etat)},"articles":null,"quantity":null,"fournisseur":null,"dateSouhaitee":null,"currentEtapeOrdre":${num(r[C.ordre])},"lockedProcess":${r[C.sequenced] === 'true'},"lastModifyAt":${instant(r[C.modifie])},"status":${str(r[C.status])},"typeConsignation":${num(r[C.type])}}`;
}

export const processSearchRoutes: RouteDef[] = [
  route(S.search, async ({ tx, caller }, { query, body }) => searchProcesses(tx, caller, body, query.tz), { listStatement: true }),
  route(
    S.processes,
    async ({ tx, caller }, { query }) =>
      searchProcesses(
        tx,
        caller,
        {
          variant: query.variant,
          filters: {},
          sort: { key: 'numero', order: 'desc' },
          perPage: query.perPage,
          offset: 0,
          cursor: query.cursor ?? null,
        },
        query.tz,
      ),
    { listStatement: true },
  ),
];

import { DEFAULT_TIMEZONE, EXACT_COUNT_LIMIT, instance, LIST_VARIANTS, type ProcessSearch } from '@app/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Caller } from '../../platform/auth/caller.ts';
import { executePrepared, type Tx } from '../../platform/db/engine.ts';
import { AppError } from '../../platform/http/errors.ts';
import { Serialized } from '../../platform/http/route.ts';
import { etape, etapeAutorisation } from '../workflow/workflow.tables.ts';
import { filterConditions, LIST_WIDTH, listSelect, POSITION, rowJson, SORTS } from './list-columns.ts';
import { process } from './process.tables.ts';
import { searchUsesIndex } from './search-key.ts';

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

/** The list's conditions: the processes the caller reads, the variant's package, then its filters (list-columns.ts). */
function filtersSql(caller: Caller, q: ProcessSearch, viaIndex: boolean): SQL[] {
  const out: SQL[] = [readableProcesses(caller)];
  if (q.variant) out.push(eq(process.package, LIST_VARIANTS[q.variant].package));
  out.push(...filterConditions(q.filters, viaIndex));
  return out;
}

/**
 * Which processes a caller's lists show, as a condition on `process`: its company's, or a contractor's rows
 * (contractorRows). Every list of processes applies it (the lists here, the lockout register of the consignation
 * module); reading at all is the endpoint's `read Process`. No narrower right exists on reading processes: a
 * workflow's permission entries govern the workflow (ProcessModele), not the reading of its processes.
 */
export const readableProcesses = (caller: Caller): SQL =>
  caller.partner ? contractorRows(caller) : eq(process.entrepriseId, caller.entrepriseId);

/**
 * A contractor's list (partner role, migration 0015): its company's processes if it may read them, and its clients'
 * processes where its company is a contractor (GIN index on prestataire_ids) or whose workflow names it on a step
 * (process_modele_idx). These conditions only find the candidates fast; the partner policies decide which rows are
 * its own (the relation with the client, the rule types). The client companies' statements are unchanged.
 */
function contractorRows(caller: Caller): SQL {
  const mine = sql`${process.prestataireIds} @> ${`{${caller.entrepriseId}}`}::int[]
    or ${process.processModeleId} = any(array(select ${etape.processModeleId} from ${etape}
      join ${etapeAutorisation} on ${etapeAutorisation.etapeId} = ${etape.id}
      where ${etapeAutorisation.type} in ('validateur', 'utilisateur') and ${etapeAutorisation.utilisateurId} = ${caller.userId}))`;
  const own = caller.ability.can('read', instance('Process', { entrepriseId: caller.entrepriseId }));
  return own ? sql`(${process.entrepriseId} = ${caller.entrepriseId} or ${mine})` : sql`(${mine})`;
}

/** Counts the rows of `source` up to EXACT_COUNT_LIMIT + 1 (beyond, the total says "more than"), as text. */
export const boundedCount = (source: SQL) =>
  sql`select count(*)::text from (select 1 from ${source} limit ${EXACT_COUNT_LIMIT + 1}) as bounded`;

/**
 * Where a list's keys are read: a name search reads the view process_own (the caller's company, the policy's rows,
 * see migration 0010) aliased as "process", so that its name condition can use the trigram index.
 */
const keysFrom = (viaIndex: boolean) => (viaIndex ? sql`process_own as ${process}` : sql`${process}`);

/** A name search through the trigram index (its matches gathered, then sorted), rather than along the list's order. */
const byIndex = (q: ProcessSearch, caller: Caller) => !caller.partner && Boolean(q.filters.search && searchUsesIndex(q.filters.search));

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
  // process_own (the name search's index path) keeps to the caller's company: a contractor's search walks its rows.
  const viaIndex = byIndex(q, caller);
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
    select ${listSelect(tz)}, pg.sv::text, ${count}${board ? sql`, ${valeursColumn(board.metriques)}` : sql``}
    from page pg join ${process} p on p.id = pg.id
    left join ${etape} e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv ${dir}, pg.id ${dir}`;
  const rows = await executePrepared(tx, statement);
  let n = rows.length ? Number(rows[0][N]) : 0;
  if (!rows.length && (offset > 0 || cursor)) {
    // Past the end: no row brought the count.
    const [[c]] = await executePrepared(tx, boundedCount(sql`${keysFrom(viaIndex)} where ${and(...where)}`));
    n = Number(c);
  }
  const last = rows[rows.length - 1];
  const nextCursor =
    last && rows.length === q.perPage
      ? encode([last[POSITION.lockedProcess] === 'true', kind === 'int' ? Number(last[SV]) : String(last[SV]), Number(last[POSITION.id])])
      : null;
  const item = board ? (r: (string | null)[]) => rowJson(r, `,"valeurs":${r[VALEURS]}`) : (r: (string | null)[]) => rowJson(r);
  return new Serialized(
    `{"items":[${rows.map(item).join(',')}],"total":${Math.min(n, EXACT_COUNT_LIMIT)},"totalExact":${n <= EXACT_COUNT_LIMIT},"nextCursor":${JSON.stringify(nextCursor)},"perPage":${q.perPage},"offset":${offset}}`,
  );
}

/** Positions of the statement's own columns, after the row's: the sort value, the bounded count, a board's values. */
const SV = LIST_WIDTH;
const N = LIST_WIDTH + 1;
const VALEURS = LIST_WIDTH + 2;

/** What a board adds to a list: its filter's conditions, and its fields' values on each row (`valeurs`). */
interface BoardPart {
  where: SQL[];
  metriques: number[];
}

/** The board's fields of the row as a JSON object (id → stored value, null when absent), as text. */
const valeursColumn = (metriques: number[]) =>
  sql`(select coalesce(jsonb_object_agg(k, coalesce(p.raw_data -> k, 'null'::jsonb)), '{}'::jsonb) from unnest(${`{${metriques.map(Number).join(',')}}`}::text[]) k)::text`;

import { API, EXACT_COUNT_LIMIT, LIST_VARIANTS, type ProcessSearch, type SortKey } from '@app/contracts';
import { and, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Caller } from '../../platform/auth/caller.ts';
import type { Tx } from '../../platform/db/engine.ts';
import { etape, process } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route, type RouteDef } from '../../platform/http/route.ts';
import { LIST_COLUMNS_SQL, listRowOf } from './list-row.ts';

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
  if (f.etat?.length) out.push(inArray(process.etat, f.etat));
  if (f.processModeleIds?.length) out.push(inArray(process.processModeleId, f.processModeleIds));
  if (f.preparateurIds?.length) out.push(inArray(process.createdById, f.preparateurIds));
  if (f.prestataireIds?.length) out.push(sql`${process.prestataireIds} && ${sql.raw(`ARRAY[${f.prestataireIds.map(Number).join(',')}]::int[]`)}`);
  if (f.typeConsignation?.length) out.push(inArray(process.typeConsignation, f.typeConsignation));
  const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (f.equipement) out.push(ilike(process.equipementLibelle, like(f.equipement)));
  if (f.search) {
    const n = Number(f.search.replace(',', '.'));
    out.push(Number.isFinite(n) && /^\d+([.,]\d+)?$/.test(f.search) ? or(ilike(process.nomProcess, like(f.search)), eq(process.numero, Math.round(n * 100))) as SQL : ilike(process.nomProcess, like(f.search)));
  }
  for (const [range, col] of [[f.dateDebut, process.dateDebut], [f.dateFin, process.dateFin]] as const) {
    if (range?.from) out.push(gte(col, new Date(range.from)));
    if (range?.to) out.push(lt(col, new Date(range.to)));
  }
  return out;
}

/**
 * One page of a list. Free processes come first, then the sequenced ones; within each, the chosen sort then the
 * id. With a cursor the page continues after the previous one's last row (keyset): as fast deep as on top.
 */
export async function searchProcesses(tx: Tx, caller: Caller, q: ProcessSearch) {
  const { expr, kind } = SORTS[q.sort.key];
  const desc = q.sort.order === 'desc';
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const where = filtersSql(caller, q);
  const cast = (v: string | number) => (kind === 'date' ? sql`${String(v)}::timestamptz` : kind === 'int' ? sql`${Number(v)}` : sql`${String(v)}`);
  const page = async (sequenced: boolean, after: Cursor | null, limit: number, offset: number) => {
    const conds = [...where, eq(process.sequenced, sequenced)];
    if (after && after[0] === sequenced) conds.push(desc ? sql`(${expr}, ${process.id}) < (${cast(after[1])}, ${after[2]})` : sql`(${expr}, ${process.id}) > (${cast(after[1])}, ${after[2]})`);
    return tx
      .select({
        p: LIST_COLUMNS_SQL,
        sortValue: sql<string | number>`${kind === 'date' ? sql`case when ${expr} = 'infinity'::timestamptz then 'infinity' else to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end` : expr}`,
        etapeNom: etape.nom,
      })
      .from(process)
      .leftJoin(etape, and(eq(etape.processModeleId, process.processModeleId), eq(etape.ordre, process.currentOrdre)))
      .where(and(...conds))
      .orderBy(sql`${expr} ${dir}`, sql`${process.id} ${dir}`)
      .limit(limit)
      .offset(offset);
  };
  const cursor = q.cursor ? decode(q.cursor) : null;
  let rows: Awaited<ReturnType<typeof page>> = [];
  if (!cursor || cursor[0] === false) {
    rows = await page(false, cursor, q.perPage, cursor ? 0 : q.offset);
  }
  if (rows.length < q.perPage) {
    // The free ones are exhausted: continue with the sequenced ones (offset counted past the free ones).
    let skip = 0;
    if (!cursor && q.offset > 0 && rows.length === 0) {
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(process).where(and(...where, eq(process.sequenced, false)));
      skip = Math.max(0, q.offset - n);
    }
    rows = [...rows, ...(await page(true, cursor && cursor[0] === true ? cursor : null, q.perPage - rows.length, skip))];
  }
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(sql`(select 1 from ${process} where ${and(...where)} limit ${EXACT_COUNT_LIMIT + 1}) as bounded`);
  const last = rows[rows.length - 1];
  return {
    items: rows.map(({ p, etapeNom }) => listRowOf(p, etapeNom)),
    total: Math.min(n, EXACT_COUNT_LIMIT),
    totalExact: n <= EXACT_COUNT_LIMIT,
    nextCursor: last && rows.length === q.perPage ? encode([last.p.sequenced, last.sortValue, last.p.id]) : null,
    perPage: q.perPage,
    offset: cursor ? 0 : q.offset,
  };
}

export const processSearchRoutes: RouteDef[] = [
  route(S.search, async ({ tx, caller }, { body }) => searchProcesses(tx, caller, body)),
  route(S.processes, async ({ tx, caller }, { query }) =>
    searchProcesses(tx, caller, { variant: query.variant, filters: {}, sort: { key: 'numero', order: 'desc' }, perPage: query.perPage, offset: 0, cursor: query.cursor ?? null }),
  ),
];

// The columns of a process-list row, each declared once: where its value comes from (a stored column of the process,
// or an SQL expression), its sort and its filter, and how it is written into the row's JSON. The lists' statement
// (process-search.repository.ts) selects them in this order, rowJson writes a page's rows from what PostgreSQL sent,
// listRowOf writes one from a process read by Drizzle (a board sorted by one of its fields): all from these
// declarations. The row's fields are the contract's (ProcessSearchRow): a field without its column, or a column
// without its field, does not compile.
//
// Adding a column: its field in ProcessListRow (contracts), one entry below (stored column with its format, or an
// SQL expression), the stored column in process.tables.ts with its migration when it is new; for a sort, its key in
// SORT_KEYS (contracts) and an index on its expression (process.tables.ts, a migration), named by the sort; for a
// filter, its key in ProcessSearch's filters (contracts).
import {
  DEFAULT_TIMEZONE,
  latestStatusOf,
  type ProcessEtat,
  ProcessSearch,
  type ProcessSearchRow,
  SORT_KEYS,
  type SortKey,
  typeConsignationLabel,
} from '@app/contracts';
import { eq, getTableColumns, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { containsPattern } from '../../platform/db/like.ts';
import { entreprise } from '../entreprise/entreprise.tables.ts';
import { process } from './process.tables.ts';

type Row = z.infer<typeof ProcessSearchRow>;
export type RowKey = keyof Row;
type Filters = ProcessSearch['filters'];
export type FilterKey = keyof Filters;
/** A column's value as the statement sends it: text, or null. */
type Text = string | null;
/** A process as Drizzle reads it, with its current step's name and its first contractor company's name. */
interface ListRowSource {
  p: typeof process.$inferSelect;
  etapeNom: string | null;
  prestataire: string | null;
  niveaux: string | null;
}

/**
 * The habilitation levels of a process (`niveaux`, S 35): the codes of its live process habilitations (migration
 * 0021, the habilitation module's table, named here by SQL only), in catalogue order. Also selected by the boards.
 */
export const niveauxOf = (processId: SQL) => sql`(select string_agg(distinct h.code, ', ') from process_habilitation ph
  join habilitation h on h.id = ph.habilitation_id where ph.process_id = ${processId} and ph.deleted_at is null)`;

/** How a kind of value travels: its text in the statement, its JSON from that text, its value from Drizzle's. */
interface Format {
  select(e: SQL, tz: string): SQL;
  json(v: Text): string;
  value(v: unknown, tz: string): unknown;
}

/** One column of the row. */
export interface ListColumnDef {
  /** Its text in the statement, over the page's process `p` and its current step `e`; null: no source yet (null). */
  select: ((tz: string) => SQL) | null;
  /** Its JSON, from its text (`at` reads another column's). */
  json(v: Text, at: (k: RowKey) => Text): string;
  /** Its value, from a process read by Drizzle (listRowOf). */
  value(s: ListRowSource, tz: string): unknown;
  /** The list order it gives (SORT_KEYS): its expression, written exactly as its index is, so the planner walks it. */
  sort?: ListSort;
  /** The list filter it answers (ProcessSearch's filters): its conditions, in the statement's WHERE. */
  filter?: ListFilter;
}
interface ListSort {
  key: SortKey;
  expr: SQL;
  /** How a cursor carries its value. */
  kind: 'int' | 'text' | 'date';
  /** The index whose order it walks (after the company and `sequenced`); null: none, the company's rows are sorted. */
  index: string | null;
}
interface ListFilter<K extends FilterKey = FilterKey> {
  key: K;
  /** The conditions for a value; `viaIndex`: the name search reads the trigram index (see process-search.repository.ts). */
  where(v: NonNullable<Filters[K]>, how: { viaIndex: boolean }): SQL[];
}

const str = (v: Text) => (v === null ? 'null' : JSON.stringify(v));
/** yyyymmdd of an ISO timestamp text ('2026-11-24 08:00:00'), as a JSON number. */
const day = (v: Text) => (v === null || v.charCodeAt(4) !== 45 ? 'null' : `${v.slice(0, 4)}${v.slice(5, 7)}${v.slice(8, 10)}`);
/** '2026-11-22 15:05:03.123456' (UTC) → "2026-11-22T15:05:03.123Z". */
const instant = (v: Text) => (v === null ? 'null' : `"${v.slice(0, 10)}T${v.slice(11, 19)}.${v.slice(20, 23).padEnd(3, '0')}Z"`);

// One formatter per time zone, kept: building an Intl.DateTimeFormat costs far more than using one.
const DAY_FORMATS = new Map<string, Intl.DateTimeFormat>();
function dayFormat(tz: string): Intl.DateTimeFormat {
  let f = DAY_FORMATS.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('fr-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    DAY_FORMATS.set(tz, f);
  }
  return f;
}
/** yyyymmdd of an instant in the display time zone `tz` (the lists' date integers; Europe/Paris by default). */
function yyyymmdd(d: Date | string | null, tz = DEFAULT_TIMEZONE): number | null {
  if (!d) return null;
  return Number(dayFormat(tz).format(new Date(d)).replaceAll('-', ''));
}

/** The kinds of value, each with its text, JSON and value. */
export const FORMATS = {
  text: { select: (e) => e, json: str, value: (v) => v ?? null },
  int: { select: (e) => sql`${e}::text`, json: (v) => v ?? 'null', value: (v) => v ?? null },
  /** A decimal number; a non-finite one (NaN, infinity: not JSON) is written null. */
  decimal: {
    select: (e) => sql`${e}::text`,
    json: (v) => (v === null || !Number.isFinite(Number(v)) ? 'null' : v),
    value: (v) => (v === null || v === undefined || !Number.isFinite(Number(v)) ? null : Number(v)),
  },
  bool: { select: (e) => sql`${e}::text`, json: (v) => (v === 'true' ? 'true' : 'false'), value: (v) => v === true },
  /** A date shown as the day yyyymmdd in the display time zone. */
  day: { select: (e, tz) => sql`(${e} at time zone ${tz}::text)::text`, json: day, value: (v, tz) => yyyymmdd(v as Date | null, tz) },
  /** An instant, in ISO 8601 (UTC). */
  instant: {
    select: (e) => sql`(${e} at time zone 'UTC')::text`,
    json: instant,
    value: (v) => (v === null || v === undefined ? null : new Date(v as Date).toISOString()),
  },
} satisfies Record<string, Format>;

const COLUMNS = getTableColumns(process);
type ProcessField = keyof typeof COLUMNS;

/** A stored column of the process (read from the page's row `p`), in a format. */
function stored(field: ProcessField, format: Format): ListColumnDef {
  const e = sql.raw(`p.${COLUMNS[field].name}`);
  return {
    select: (tz) => format.select(e, tz),
    json: format.json,
    value: (s, tz) => format.value(s.p[field], tz),
  };
}
/** The label of a lockout type (1–9), or null. */
const typeLabel = typeConsignationLabel;
/** A field of the contract without a source yet: always null. */
const absent: ListColumnDef = { select: null, json: () => 'null', value: () => null };

const filter = <K extends FilterKey>(key: K, where: ListFilter<K>['where']) => ({ key, where }) as unknown as ListFilter;
// Lists of values as one array parameter: the statement's text (its prepared name) does not depend on their count.
const ints = (v: readonly number[]) => `{${v.map(Number).join(',')}}`;
const texts = (v: readonly string[]) => `{${v.map((x) => `"${x.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
const range = (col: typeof process.dateDebut | typeof process.dateFin) => (r: { from?: string; to?: string }) => [
  ...(r.from ? [gte(col, new Date(r.from))] : []),
  ...(r.to ? [lt(col, new Date(r.to))] : []),
];

/**
 * The name search: the name's search key (lower case, no accents: app_search_key, migration 0011) contains the typed
 * text's; a number also finds the process of that displayed number. Candidates come from the trigram index through a
 * pattern of a few of the text's trigrams (app_search_like), then strpos keeps the exact matches. Read from the view
 * process_own (migration 0010), where the pattern can reach the index; each value is computed once (a sub-select),
 * not again for every candidate row. A text without such trigrams (« a », « 12 », « n° 1 ») would make the index
 * read all its lists: the list then walks its order instead and keeps the names containing it (many do), stopping
 * at the page and the bound.
 */
function searchWhere(search: string, { viaIndex }: { viaIndex: boolean }): SQL[] {
  const contains = sql`strpos(${process.nomRecherche}, (select app_search_key(${search}))) > 0`;
  const byName = viaIndex
    ? sql`(${process.nomRecherche} like (select app_search_like(app_search_key(${search}))) and ${contains})`
    : contains;
  const n = Number(search.replace(',', '.'));
  return [Number.isFinite(n) && /^\d+([.,]\d+)?$/.test(search) ? (or(byName, eq(process.numero, Math.round(n * 100))) as SQL) : byName];
}

/**
 * The row's columns, in the statement's order (the JSON's too). Copies kept on the process for the lists (workflow
 * name, package, preparer, equipment's name, sequenced) are maintained by the process and workflow modules.
 */
export const LIST_COLUMNS = {
  id: stored('id', FORMATS.int),
  numero: {
    ...stored('numero', FORMATS.int),
    sort: { key: 'numero', expr: sql`${process.numero}`, kind: 'int', index: 'process_list_numero_idx' },
  },
  nomProcess: {
    ...stored('nomProcess', FORMATS.text),
    sort: { key: 'nomProcess', expr: sql`${process.nomProcess}`, kind: 'text', index: null },
    filter: filter('search', searchWhere),
  },
  equipementLastItemString: {
    ...stored('equipementLibelle', FORMATS.text),
    sort: { key: 'equipement', expr: sql`coalesce(${process.equipementLibelle}, '')`, kind: 'text', index: 'process_list_equipement_idx' },
    filter: filter('equipement', (v) => [ilike(process.equipementLibelle, containsPattern(v))]),
  },
  processModeleId: {
    ...stored('processModeleId', FORMATS.int),
    filter: filter('processModeleIds', (v) => [sql`${process.processModeleId} = any(${ints(v)}::int[])`]),
  },
  processModeleLibelle: {
    ...stored('modeleLibelle', FORMATS.text),
    sort: { key: 'workflow', expr: sql`${process.modeleLibelle}`, kind: 'text', index: null },
  },
  preparateur: {
    ...stored('preparateur', FORMATS.text),
    sort: { key: 'preparateur', expr: sql`coalesce(${process.preparateur}, '')`, kind: 'text', index: null },
    // The preparer is the person who created the process (their name is the copy shown).
    filter: filter('preparateurIds', (v) => [sql`${process.createdById} = any(${ints(v)}::int[])`]),
  },
  dateDebutInteger: {
    ...stored('dateDebut', FORMATS.day),
    sort: {
      key: 'dateDebut',
      expr: sql`coalesce(${process.dateDebut}, 'infinity'::timestamptz)`,
      kind: 'date',
      index: 'process_list_debut_idx',
    },
    filter: filter('dateDebut', range(process.dateDebut)),
  },
  dateFinInteger: {
    ...stored('dateFin', FORMATS.day),
    sort: { key: 'dateFin', expr: sql`coalesce(${process.dateFin}, 'infinity'::timestamptz)`, kind: 'date', index: null },
    filter: filter('dateFin', range(process.dateFin)),
  },
  etat: {
    ...stored('etat', FORMATS.text),
    // The « Statut » column shows the state first: it sorts by it.
    sort: { key: 'status', expr: sql`${process.etat}`, kind: 'text', index: null },
    filter: filter('etat', (v) => [sql`${process.etat} = any(${`{${v.join(',')}}`}::text[])`]),
  },
  latestStatus: {
    select: () => sql`e.nom`,
    json: (v, at) => str(latestStatusOf(at('etat') as ProcessEtat, v)),
    value: (s) => latestStatusOf(s.p.etat as ProcessEtat, s.etapeNom),
  },
  niveaux: { select: () => niveauxOf(sql.raw('p.id')), json: str, value: (s) => s.niveaux },
  currentEtapeOrdre: stored('currentOrdre', FORMATS.int),
  lockedProcess: stored('sequenced', FORMATS.bool),
  lastModifyAt: stored('lastModifyAt', FORMATS.instant),
  /** The register status code (« ART »). */
  status: {
    ...stored('status', FORMATS.text),
    filter: filter('status', (v) => [sql`${process.status} = any(${texts(v)}::text[])`]),
  },
  typeConsignation: {
    ...stored('typeConsignation', FORMATS.int),
    sort: { key: 'typeConsignation', expr: sql`coalesce(${process.typeConsignation}, 0)`, kind: 'int', index: null },
    filter: filter('typeConsignation', (v) => [sql`${process.typeConsignation} = any(${ints(v)}::int[])`]),
  },
  /** The first contractor company's name, read under its policy: one without a relation to the caller stays empty. */
  firstPrestataireLibelle: {
    select: () => sql`(select en.nom from ${entreprise} en where en.id = p.prestataire_ids[1])`,
    json: str,
    value: (s) => s.prestataire,
    filter: filter('prestataireIds', (v) => [sql`${process.prestataireIds} && ${ints(v)}::int[]`]),
  },
  // Columns of list variants whose modules are not built yet (migration 0013): null until those modules write them.
  origin: stored('origin', FORMATS.text),
  articles: stored('articles', FORMATS.text),
  quantity: stored('quantity', FORMATS.decimal),
  fournisseur: stored('fournisseur', FORMATS.text),
  dateSouhaitee: stored('dateSouhaitee', FORMATS.instant),
  description: absent,
  /** The lockout type's label (« Consignation mère »), from the type column: nothing more in the statement. */
  nameConsignation: {
    select: null,
    json: (_v, at) => str(typeLabel(at('typeConsignation'))),
    value: (s) => typeLabel(s.p.typeConsignation),
  },
} satisfies Record<RowKey, ListColumnDef>;

const ENTRIES = Object.entries(LIST_COLUMNS) as [RowKey, ListColumnDef][];
const SELECTED = ENTRIES.filter(([, c]) => c.select !== null);
/** Where each selected column sits in the statement's rows (-1: not selected). */
export const POSITION = Object.fromEntries(ENTRIES.map(([k]) => [k, SELECTED.findIndex(([s]) => s === k)])) as Record<RowKey, number>;
/** How many columns of the statement's rows are the row's (the statement's own follow: sort value, count, board values). */
export const LIST_WIDTH = SELECTED.length;

/**
 * The row's columns in the statement's select list, dates in the display time zone `tz`. Rendered once from the
 * declarations into one SQL text with its parameters (the time zone's marked): built from the declarations at each
 * request, the nested SQL cost Drizzle ≈30 µs to assemble and render, the flat text as little as a hand-written one.
 */
export const listSelect: (tz: string) => SQL = (() => {
  const TZ = '\u0000tz';
  const rendered = new PgDialect().sqlToQuery(
    sql.join(
      SELECTED.map(([, c]) => (c.select as (tz: string) => SQL)(TZ)),
      sql`, `,
    ),
  );
  const pieces = rendered.sql.split(/\$\d+/);
  const order = [...rendered.sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
  if (pieces.length !== rendered.params.length + 1 || order.some((n, i) => n !== i + 1))
    throw new Error(`Colonnes de liste : paramètres inattendus dans ${rendered.sql}`);
  const strings = Object.assign([...pieces], { raw: [...pieces] }) as unknown as TemplateStringsArray;
  return (tz: string) => sql(strings, ...rendered.params.map((p) => (p === TZ ? tz : p)));
})();

/** The sorts by key. */
export const SORTS = Object.fromEntries(ENTRIES.flatMap(([, c]) => (c.sort ? [[c.sort.key, c.sort]] : []))) as Record<SortKey, ListSort>;
/** The filters in the order of ProcessSearch's filters (the statement's conditions keep that order). */
export const FILTERS: ListFilter[] = Object.keys(ProcessSearch.shape.filters.unwrap().shape).map((key) => {
  const found = ENTRIES.filter(([, c]) => c.filter?.key === key);
  if (found.length !== 1) throw new Error(`Filtre de liste « ${key} » : ${found.length} colonnes le déclarent au lieu d'une.`);
  return found[0][1].filter as ListFilter;
});
for (const key of SORT_KEYS) {
  const n = ENTRIES.filter(([, c]) => c.sort?.key === key).length;
  if (n !== 1) throw new Error(`Tri de liste « ${key} » : ${n} colonnes le déclarent au lieu d'une.`);
}

/** The conditions of a list's filters, in order. */
export function filterConditions(filters: Filters, viaIndex: boolean): SQL[] {
  const out: SQL[] = [];
  for (const f of FILTERS) {
    const v = filters[f.key];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out.push(...f.where(v as never, { viaIndex }));
  }
  return out;
}

/**
 * A list row's JSON from the statement's text columns; `extra`: more fields, written after (`,"valeurs":{…}`).
 * Compiled once from the declarations into one concatenation, each column's writer called at its own place: a loop
 * over the columns, calling every writer from one place, wrote a 100-row page several times slower than the former
 * hand-written template; compiled, it costs about the same (measured +15 µs per 100 rows, five more columns
 * included). The generated text holds only the fields' names (JSON strings) and positions (integers).
 */
export const rowJson: (r: Text[], extra?: string) => string = (() => {
  const writers = ENTRIES.map(([, c]) => c.json);
  const parts = ENTRIES.map(
    ([k], i) => `${JSON.stringify(`${i ? ',' : ''}"${k}":`)} + w${i}(${POSITION[k] < 0 ? 'null' : `r[${POSITION[k]}]`}, at)`,
  );
  const body = `return function rowJson(r, extra = '') {
    const at = (k) => (P[k] < 0 ? null : (r[P[k]] ?? null));
    return '{' + ${parts.join(' + ')} + extra + '}';
  };`;
  return new Function('P', ...writers.map((_, i) => `w${i}`), body)(POSITION, ...writers);
})();

/** A list row from a process read by Drizzle, its current step's name and first contractor's name, dates in `tz`. */
export function listRowOf(
  p: ListRowSource['p'],
  etapeNom: string | null,
  tz = DEFAULT_TIMEZONE,
  prestataire: string | null = null,
  niveaux: string | null = null,
): Row {
  const s: ListRowSource = { p, etapeNom, prestataire, niveaux };
  const out: Record<string, unknown> = {};
  for (const [k, c] of ENTRIES) out[k] = c.value(s, tz);
  return out as Row;
}

import type { CrudRights, EquipementRightEntry } from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { queryPrepared, type Tx } from '../../platform/db/engine.ts';

// The equipment registry's SQL, all of it. Raw statements: the tree's paths (integer[]), their GIN index and the
// subtree rewrites read better in SQL than through the query builder. Rows come back in snake_case (EquipementRow).

const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;
async function rows<T>(tx: Tx, q: SQL): Promise<T[]> {
  const r = await tx.execute(q);
  return (r as unknown as { rows: T[] }).rows;
}
// The screens' frequent reads (the tree's version, the search, the detail) run as named prepared statements
// (queryPrepared): planned once per connection, not at every request (planning the detail cost more than running it).
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Serialises the registry's tree changes of one company (create, arrange, duplicate, delete). */
export async function lockTree(tx: Tx, entrepriseId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('equipement'), ${entrepriseId})`);
}

// ---------------------------------------------------------------------------------------------------------------
// Rights: the company's switch and the caller's entries
// ---------------------------------------------------------------------------------------------------------------

/**
 * The equipment permission entries of a holder (their profile's and their own) when their company turned its specific
 * equipment rights on (S 125), else null: one prepared statement, read at every request that checks equipment rights
 * (the lockout register's pages among them).
 */
export async function rightEntriesIfSpecific(
  tx: Tx,
  c: { entrepriseId: number; userId: number; profilId: number | null; isEE: boolean },
): Promise<EquipementRightEntry[] | null> {
  const r = await queryPrepared<{ on: boolean | null; equipement_id: number | null; permissions: Record<string, boolean | null> | null }>(
    tx,
    sql`select s.on, ep.equipement_id, ep.permissions
        from (select bool_or(coalesce((setting #>> '{display,equipment,specificRights}')::boolean, false)) as on
              from entreprise_logiciel where entreprise_id = ${c.entrepriseId}) s
        left join equipment_permission ep on s.on and ep.entreprise_id = ${c.entrepriseId} and ep.is_ee = ${c.isEE}
          and (ep.utilisateur_id = ${c.userId} or (${c.profilId}::int is not null and ep.profil_modele_id = ${c.profilId}::int))`,
  );
  if (!r[0]?.on) return null;
  return r
    .filter((e) => e.permissions !== null)
    .map((e) => {
      const p = e.permissions ?? {};
      const all = Boolean(p.manage);
      const rights: CrudRights = {
        create: all || Boolean(p.create),
        read: all || Boolean(p.read),
        update: all || Boolean(p.update),
        delete: all || Boolean(p.delete),
      };
      return { equipementId: num(e.equipement_id), rights };
    });
}

/** Gives a creator every right on what they created (specific rights on, S 126 style). */
export async function grantCreator(tx: Tx, entrepriseId: number, userId: number, isEE: boolean, equipementId: number) {
  await tx.execute(sql`insert into equipment_permission (entreprise_id, equipement_id, utilisateur_id, is_ee, permissions, idx)
    values (${entrepriseId}, ${equipementId}, ${userId}, ${isEE},
            '{"manage":true,"create":true,"read":true,"update":true,"delete":true}'::jsonb,
            (select coalesce(max(idx), -1) + 1 from equipment_permission where entreprise_id = ${entrepriseId}))`);
}

// ---------------------------------------------------------------------------------------------------------------
// The tree
// ---------------------------------------------------------------------------------------------------------------

export interface NodeRow {
  id: number;
  parent_id: number | null;
  idx: number;
  name: string;
  number: string | null;
  type: string;
  status: string;
  icon: string | null;
  color: string | null;
  path: number[];
  name_recherche: string;
}
const NODE_COLS = sql`e.id, e.parent_id, e.idx, e.name, e.number, e.type, e.status, e.icon, e.color, e.path, e.name_recherche`;
/** Parent first (by depth), then by idx: a client appends each row to its parent's children. */
const TREE_ORDER = sql`e.depth, e.parent_id nulls first, e.idx, e.id`;
const live = (entrepriseId: number, type?: string) =>
  sql`e.entreprise_id = ${entrepriseId} and e.deleted_at is null${type ? sql` and e.type = ${type}` : sql``}`;

/** Rows of the company's tree (not deleted), in tree order. */
export async function treeRows(tx: Tx, entrepriseId: number, type?: string): Promise<NodeRow[]> {
  return rows<NodeRow>(tx, sql`select ${NODE_COLS} from equipement e where ${live(entrepriseId, type)} order by ${TREE_ORDER}`);
}

/** Number of rows of the company's tree. */
export async function countTree(tx: Tx, entrepriseId: number, type?: string): Promise<number> {
  const [r] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from equipement e where ${live(entrepriseId, type)}`);
  return Number(r?.n ?? 0);
}

/** Record separator between the names of the compact tree (names hold no control character: contracts). */
const RS = '\u001e';

/** Whether JSON must escape a character of the string (quote, backslash, a control character other than RS). */
function needsEscape(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 92 || (c < 32 && c !== 30)) return true;
  }
  return false;
}
/**
 * The names joined by RS as a JSON array: when no name holds a character JSON escapes (the usual case), the
 * separators become `","` in one pass, else each name is escaped by JSON.stringify (100,000 names: ~10× slower).
 */
export function namesJson(joined: string | null): string {
  if (joined === null) return '[]';
  if (!needsEscape(joined)) return `["${joined.replaceAll(RS, '","')}"]`;
  return JSON.stringify(joined.split(RS));
}

/**
 * The company's tree version (migration 0023: bumped in the same transaction as every write to its equipment; 0
 * before any write).
 */
export async function treeVersion(tx: Tx, entrepriseId: number): Promise<number> {
  const [r] = await queryPrepared<{ v: number | null }>(
    tx,
    sql`select version::int as v from equipement_version where entreprise_id = ${entrepriseId}`,
  );
  return Number(r?.v ?? 0);
}

/**
 * The compact tree as JSON, in tree order, with the tree version read by the same statement (one snapshot: the
 * version labels exactly this tree). The database joins the columns (an index-only scan of equipement_tree_idx, no
 * sort); the names become a JSON array in one pass (namesJson).
 */
export async function compactTreeJson(
  tx: Tx,
  entrepriseId: number,
  type?: string,
): Promise<{ version: number; total: number; json: string }> {
  const [r] = await rows<{ n: number; v: number; ids: string | null; parents: string | null; names: string | null }>(
    tx,
    sql`select count(*)::int as n, string_agg(t.id::text, ',') as ids, string_agg(coalesce(t.parent_id::text, 'null'), ',') as parents,
          string_agg(t.name, ${RS}) as names,
          (select coalesce(max(version), 0)::int from equipement_version where entreprise_id = ${entrepriseId}) as v
        from (select e.id, e.parent_id, e.name from equipement e where ${live(entrepriseId, type)} order by ${TREE_ORDER}) t`,
  );
  const total = Number(r.n);
  return {
    version: Number(r.v),
    total,
    json: `{"form":"compact","total":${total},"ids":[${r.ids ?? ''}],"parentIds":[${r.parents ?? ''}],"names":${namesJson(total ? (r.names ?? '') : null)}}`,
  };
}

/** The search key of a text (app_search_key, migration 0011). */
export async function searchKey(tx: Tx, text: string): Promise<string> {
  const [r] = await rows<{ k: string }>(tx, sql`select app_search_key(${text}) as k`);
  return r.k;
}

/** The rows whose name or number contains the key (accent- and case-free, through the trigram index). */
export async function searchRows(tx: Tx, entrepriseId: number, key: string, type?: string): Promise<{ id: number; path: number[] }[]> {
  return rows(
    tx,
    // equipement_own (migration 0018): the trigram index reached under row-level security.
    sql`select e.id, e.path from equipement_own e
        where ${live(entrepriseId, type)} and e.name_recherche like (select app_search_like(${key}))
          and strpos(e.name_recherche, ${key}) > 0`,
  );
}

/** Node rows of some ids in tree order, with the tree version read by the same statement. */
export async function nodeRowsOf(tx: Tx, entrepriseId: number, ids: number[]): Promise<{ version: number; rows: NodeRow[] }> {
  const r = await rows<NodeRow & { v: number }>(
    tx,
    sql`select v.v, e.* from (select coalesce(max(version), 0)::int as v from equipement_version where entreprise_id = ${entrepriseId}) v
        left join lateral (select ${NODE_COLS}, e.depth from equipement e
          where e.entreprise_id = ${entrepriseId} and e.id = any(${intArray(ids)}) and e.deleted_at is null) e on true
        order by ${TREE_ORDER}`,
  );
  return { version: Number(r[0]?.v ?? 0), rows: r.filter((x) => x.id !== null) };
}

/**
 * A search of the whole tree in one statement: the search key of the text, the number of live rows, the ids of the
 * rows whose name or number contains the key (through the trigram index, as searchRows), and, unless they are at
 * least half of the tree (searchLoadsFullTree: the caller then reads the whole tree), the matches and their
 * ancestors with their number of live children, in tree order. `known`: the number of rows of a tree version (the
 * cached compact tree's), used instead of counting them when the version is still the company's. `t` is
 * materialized: inlined, its CASE (and the count of the whole tree) was evaluated once per use of `t.n`, three times.
 */
export async function searchTree(
  tx: Tx,
  entrepriseId: number,
  text: string,
  type?: string,
  known?: { version: number; total: number },
): Promise<{ key: string; total: number; matchIds: number[]; nodes: (NodeRow & { child_count: number })[] | null }> {
  const count = sql`(select count(*)::int from equipement e where ${live(entrepriseId, type)})`;
  const [r] = await queryPrepared<{ key: string; total: number; match_ids: number[]; nodes: (NodeRow & { child_count: number })[] | null }>(
    tx,
    sql`with k as (select app_search_key(${text}) as k),
      m as (select e.id, e.path from equipement_own e
        where ${live(entrepriseId, type)} and e.name_recherche like (select app_search_like(k.k) from k)
          and strpos(e.name_recherche, (select k.k from k)) > 0),
      t as materialized (select ${
        known
          ? sql`case when (select coalesce(max(version), 0) from equipement_version where entreprise_id = ${entrepriseId}) = ${known.version}
              then ${known.total}::int else ${count} end`
          : count
      } as n),
      mc as (select count(*)::int as n from m)
    select (select k from k) as key, t.n as total, (select coalesce(json_agg(m.id), '[]') from m) as match_ids,
      case when mc.n * 2 >= t.n and t.n > 0 then null else (select coalesce(json_agg(x order by x.depth, x.parent_id nulls first, x.idx, x.id), '[]')
        from (select ${NODE_COLS}, e.depth, (select count(*)::int from equipement c
                where c.entreprise_id = ${entrepriseId} and c.parent_id = e.id and c.deleted_at is null) as child_count
              from equipement e where e.entreprise_id = ${entrepriseId} and e.deleted_at is null
                and e.id = any(array(select unnest(m.path) from m))) x) end as nodes
    from t, mc`,
  );
  return { key: r.key, total: Number(r.total), matchIds: r.match_ids.map(Number), nodes: r.nodes };
}

/** Full node rows of some ids with their number of live children, in tree order. */
export async function nodesByIds(tx: Tx, entrepriseId: number, ids: number[]): Promise<(NodeRow & { child_count: number })[]> {
  if (!ids.length) return [];
  return rows(
    tx,
    sql`select ${NODE_COLS}, (select count(*)::int from equipement c
          where c.entreprise_id = ${entrepriseId} and c.parent_id = e.id and c.deleted_at is null) as child_count
        from equipement e where e.entreprise_id = ${entrepriseId} and e.id = any(${intArray(ids)}) and e.deleted_at is null
        order by ${TREE_ORDER}`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// One equipment
// ---------------------------------------------------------------------------------------------------------------

export interface EquipementRow extends NodeRow {
  rfid: string | null;
  unit: string | null;
  comment: string | null;
  article_id: number | null;
  latitude: number | null;
  longitude: number | null;
  localisation_id: number | null;
  marker_x: number | null;
  marker_y: number | null;
  etat_initial: string | null;
  etat_en_cours: string | null;
  gamme_id: number | null;
  text1: string | null;
  text2: string | null;
  text3: string | null;
  text4: string | null;
  domaine_tension: string | null;
  hide_risques_parent: boolean;
  display_previous: boolean;
  version: number;
  child_count: number;
}

/** The columns of an EquipementRow besides NODE_COLS (and child_count). */
const DETAIL_COLS = sql`e.rfid, e.unit, e.comment, e.article_id, e.latitude, e.longitude, e.localisation_id, e.marker_x,
  e.marker_y, e.etat_initial, e.etat_en_cours, e.gamme_id, e.text1, e.text2, e.text3, e.text4, e.domaine_tension,
  e.hide_risques_parent, e.display_previous, e.version`;

/** One live equipment of the company with its number of live children; `lock` takes its row FOR UPDATE. */
export async function equipementRow(tx: Tx, entrepriseId: number, id: number, lock = false): Promise<EquipementRow | undefined> {
  const [r] = await rows<EquipementRow>(
    tx,
    sql`select e.*, (select count(*)::int from equipement c
          where c.entreprise_id = ${entrepriseId} and c.parent_id = e.id and c.deleted_at is null) as child_count
        from equipement e where e.id = ${id} and e.entreprise_id = ${entrepriseId} and e.deleted_at is null
        ${lock ? sql`for update of e` : sql``}`,
  );
  return r;
}

/**
 * The detail of one live equipment in one statement: its row and number of live children (as equipementRow), the
 * names of its ancestors (the caller's rights choose which are shown) and its isolation points in order.
 */
export async function equipementDetail(
  tx: Tx,
  entrepriseId: number,
  id: number,
): Promise<(EquipementRow & { ancestor_names: { id: number; name: string }[]; points: PointRow[] }) | undefined> {
  const [r] = await queryPrepared<EquipementRow & { ancestor_names: { id: number; name: string }[]; points: PointRow[] }>(
    tx,
    // The columns named (not e.*): a prepared statement whose result columns change (a column added by a migration
    // while this instance runs) would fail on every call.
    sql`select ${NODE_COLS}, ${DETAIL_COLS}, (select count(*)::int from equipement c
          where c.entreprise_id = ${entrepriseId} and c.parent_id = e.id and c.deleted_at is null) as child_count,
          (select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name)), '[]') from equipement a
            where a.entreprise_id = ${entrepriseId} and a.id = any(e.path) and a.id <> e.id) as ancestor_names,
          (select coalesce(json_agg(p order by p.idx, p.id), '[]') from (select ${POINT_COLS} from equipement_point_isolement
            where entreprise_id = ${entrepriseId} and equipement_id = e.id and deleted_at is null) p) as points
        from equipement e where e.id = ${id} and e.entreprise_id = ${entrepriseId} and e.deleted_at is null`,
  );
  return r;
}

/** Paths of some live equipment (references, rights). */
export async function pathsOf(tx: Tx, entrepriseId: number, ids: number[]): Promise<{ id: number; path: number[] }[]> {
  if (!ids.length) return [];
  return rows(
    tx,
    sql`select id, path from equipement where entreprise_id = ${entrepriseId} and id = any(${intArray(ids)}) and deleted_at is null`,
  );
}

/** Names of some equipment (ancestors, breadcrumbs). */
export async function namesOf(tx: Tx, entrepriseId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const r = await rows<{ id: number; name: string }>(
    tx,
    sql`select id, name from equipement where entreprise_id = ${entrepriseId} and id = any(${intArray(ids)})`,
  );
  return new Map(r.map((x) => [Number(x.id), x.name]));
}

/** The columns a create or an update writes, by their table names. */
export interface EquipementValues {
  name?: string;
  number?: string | null;
  type?: string;
  rfid?: string | null;
  unit?: string | null;
  comment?: string | null;
  article_id?: number | null;
  latitude?: number | null;
  longitude?: number | null;
  localisation_id?: number | null;
  marker_x?: number | null;
  marker_y?: number | null;
  status?: string;
  etat_initial?: string | null;
  etat_en_cours?: string | null;
  gamme_id?: number | null;
  icon?: string | null;
  color?: string | null;
  text1?: string | null;
  text2?: string | null;
  text3?: string | null;
  text4?: string | null;
  domaine_tension?: string | null;
  hide_risques_parent?: boolean;
  display_previous?: boolean;
}
const defined = (v: EquipementValues) => Object.entries(v).filter(([, x]) => x !== undefined);

/** Inserts an equipment at the end of its parent's children (the tree is locked by the caller). */
export async function insertEquipement(
  tx: Tx,
  entrepriseId: number,
  parent: { id: number; path: number[] } | null,
  v: EquipementValues & { name: string },
  createdById: number,
): Promise<number> {
  const cols = defined(v);
  const names = sql.join(
    cols.map(([k]) => sql.identifier(k)),
    sql`, `,
  );
  const values = sql.join(
    cols.map(([, x]) => sql`${x}`),
    sql`, `,
  );
  const parentPath = parent ? parent.path : [];
  const [r] = await rows<{ id: number }>(
    tx,
    sql`with n as (select nextval(pg_get_serial_sequence('equipement', 'id'))::int as id)
        insert into equipement (id, entreprise_id, parent_id, path, idx, created_by_id, ${names})
        select n.id, ${entrepriseId}, ${parent?.id ?? null}::int, ${intArray(parentPath)} || n.id,
          (select coalesce(max(idx), -1) + 1 from equipement s
            where s.entreprise_id = ${entrepriseId} and s.parent_id is not distinct from ${parent?.id ?? null}::int),
          ${createdById}, ${values}
        from n returning id`,
  );
  return Number(r.id);
}

/** Writes columns of an equipment, bumping its version; `version` given: only if it is still the one read (else false). */
export async function updateEquipement(tx: Tx, entrepriseId: number, id: number, v: EquipementValues, version?: number): Promise<boolean> {
  const cols = defined(v);
  const sets = cols.map(([k, x]) => sql`${sql.identifier(k)} = ${x}`);
  const r = await rows<{ id: number }>(
    tx,
    sql`update equipement set ${sql.join([...sets, sql`version = version + 1`, sql`updated_at = now()`], sql`, `)}
        where id = ${id} and entreprise_id = ${entrepriseId} and deleted_at is null
          ${version === undefined ? sql`` : sql`and version = ${version}`}
        returning id`,
  );
  return r.length > 0;
}

/**
 * Moves a node and its subtree under a new parent path: one statement rewrites the prefix of every path of the
 * subtree (the node's current path, read in the same statement, is the old prefix).
 */
export async function moveSubtree(tx: Tx, entrepriseId: number, id: number, parentId: number | null, parentPath: number[]) {
  await tx.execute(sql`
    with m as (select path as old from equipement where id = ${id} and entreprise_id = ${entrepriseId})
    update equipement e set
      path = ${intArray([...parentPath, id])} || e.path[cardinality(m.old) + 1:],
      parent_id = case when e.id = ${id} then ${parentId}::int else e.parent_id end,
      version = case when e.id = ${id} then e.version + 1 else e.version end,
      updated_at = case when e.id = ${id} then now() else e.updated_at end
    from m where e.entreprise_id = ${entrepriseId} and e.path @> array[${id}::int]`);
}

/** Orders the live children of a parent: `ids` first in this order, the others after in their order. */
export async function orderChildren(tx: Tx, entrepriseId: number, parentId: number | null, ids: number[]) {
  await tx.execute(sql`
    update equipement e set idx = s.rn from (
      select id, (row_number() over (order by coalesce(array_position(${intArray(ids)}, id), 2147483647), idx, id) - 1)::int as rn
      from equipement where entreprise_id = ${entrepriseId} and parent_id is not distinct from ${parentId}::int and deleted_at is null
    ) s where e.id = s.id and e.idx <> s.rn`);
}

/**
 * Copies a node (and its subtree when asked) under a parent: properties and isolation points, not readings nor
 * activities. One statement: new ids drawn first, paths rebuilt from them. Returns the copy's id and the count.
 */
export async function copySubtree(
  tx: Tx,
  entrepriseId: number,
  source: { id: number; path: number[] },
  parent: { id: number; path: number[] } | null,
  withChildren: boolean,
  createdById: number,
): Promise<{ id: number; count: number }> {
  const depth = source.path.length;
  const [r] = await rows<{ root: number; n: number }>(
    tx,
    sql`
    with src as materialized (
      select e.*, nextval(pg_get_serial_sequence('equipement', 'id'))::int as nid from equipement e
      where e.entreprise_id = ${entrepriseId} and e.deleted_at is null
        and ${withChildren ? sql`e.path @> array[${source.id}::int]` : sql`e.id = ${source.id}`}
    ),
    ins as (
      insert into equipement (id, entreprise_id, parent_id, path, idx, type, name, number, rfid, unit, comment, article_id,
        latitude, longitude, localisation_id, marker_x, marker_y, status, etat_initial, etat_en_cours, gamme_id, icon, color,
        text1, text2, text3, text4, domaine_tension, hide_risques_parent, display_previous, created_by_id)
      select s.nid, s.entreprise_id,
        case when s.id = ${source.id} then ${parent?.id ?? null}::int else (select m.nid from src m where m.id = s.parent_id) end,
        ${intArray(parent?.path ?? [])} || array(select m.nid from unnest(s.path[${depth}:]) with ordinality u(oid, o)
          join src m on m.id = u.oid order by u.o),
        case when s.id = ${source.id} then (select coalesce(max(idx), -1) + 1 from equipement x
          where x.entreprise_id = ${entrepriseId} and x.parent_id is not distinct from ${parent?.id ?? null}::int) else s.idx end,
        s.type, case when s.id = ${source.id} then left(s.name || ' (copie)', 255) else s.name end, s.number, null, s.unit,
        s.comment, s.article_id, s.latitude, s.longitude, s.localisation_id, s.marker_x, s.marker_y, 'initial', s.etat_initial,
        s.etat_en_cours, s.gamme_id, s.icon, s.color, s.text1, s.text2, s.text3, s.text4, s.domaine_tension,
        s.hide_risques_parent, s.display_previous, ${createdById}
      from src s returning id
    ),
    pts as (
      insert into equipement_point_isolement (entreprise_id, equipement_id, idx, repere, energie, dispositif, position_requise,
        moyen_condamnation, methode_verification)
      select p.entreprise_id, s.nid, p.idx, p.repere, p.energie, p.dispositif, p.position_requise, p.moyen_condamnation,
        p.methode_verification
      from equipement_point_isolement p join src s on s.id = p.equipement_id where p.deleted_at is null
      returning id
    )
    select (select nid from src where id = ${source.id}) as root, (select count(*)::int from ins) as n`,
  );
  return { id: Number(r.root), count: Number(r.n) };
}

/** Soft-deletes an equipment. */
export async function softDelete(tx: Tx, entrepriseId: number, id: number) {
  await tx.execute(sql`update equipement set deleted_at = now(), updated_at = now() where id = ${id} and entreprise_id = ${entrepriseId}`);
}

// ---------------------------------------------------------------------------------------------------------------
// What refers to an equipment: children, processes (process.equipement = {id, libelle}, index process_equipement_id_idx)
// ---------------------------------------------------------------------------------------------------------------

const processEquipementId = sql`(case when (p.equipement ->> 'id') ~ '^[0-9]{1,9}$' then (p.equipement ->> 'id')::integer end)`;

/** Names of live children (first ones) and their count. */
export async function childrenOf(tx: Tx, entrepriseId: number, id: number): Promise<{ count: number; names: string[] }> {
  const r = await rows<{ name: string; n: number }>(
    tx,
    sql`select name, count(*) over ()::int as n from equipement
        where entreprise_id = ${entrepriseId} and parent_id = ${id} and deleted_at is null order by idx, id limit 3`,
  );
  return { count: Number(r[0]?.n ?? 0), names: r.map((x) => x.name) };
}

/** Processes linked to an equipment (first ones) and their count. */
export async function linkedProcessNames(tx: Tx, entrepriseId: number, id: number): Promise<{ count: number; names: string[] }> {
  const r = await rows<{ name: string; n: number }>(
    tx,
    sql`select p.nom_process as name, count(*) over ()::int as n from process p
        where p.entreprise_id = ${entrepriseId} and p.equipement is not null and ${processEquipementId} = ${id}
        order by p.id limit 3`,
  );
  return { count: Number(r[0]?.n ?? 0), names: r.map((x) => x.name) };
}

/** Processes linked to an equipment, newest first. */
export async function linkedProcesses(tx: Tx, entrepriseId: number, id: number) {
  return rows<{ id: number; libelle: string; workflow_libelle: string | null; created_at: string | Date }>(
    tx,
    sql`select p.id, p.nom_process as libelle, nullif(p.modele_libelle, '') as workflow_libelle, p.created_at from process p
        where p.entreprise_id = ${entrepriseId} and p.equipement is not null and ${processEquipementId} = ${id}
        order by p.id desc limit 500`,
  );
}

/** Sets `process.equipement = {id, libelle}` on processes of the company; returns how many. */
export async function linkProcesses(tx: Tx, entrepriseId: number, ids: number[], equipement: { id: number; libelle: string }) {
  const r = await rows<{ id: number }>(
    tx,
    sql`update process set equipement = jsonb_build_object('id', ${equipement.id}::int, 'libelle', ${equipement.libelle}::text),
          version = version + 1, last_modify_at = now()
        where entreprise_id = ${entrepriseId} and id = any(${intArray(ids)}) returning id`,
  );
  return r.length;
}

// ---------------------------------------------------------------------------------------------------------------
// Locations, pickers
// ---------------------------------------------------------------------------------------------------------------

export async function onLocation(tx: Tx, entrepriseId: number, localisationId: number) {
  return rows<NodeRow & { localisation_id: number; marker_x: number | null; marker_y: number | null }>(
    tx,
    sql`select ${NODE_COLS}, e.localisation_id, e.marker_x, e.marker_y from equipement e
        where ${live(entrepriseId)} and e.localisation_id = ${localisationId} order by e.name, e.id limit 5000`,
  );
}

/** Candidates of a picker: matching rows (or the first ones), with their paths. */
export async function pickerRows(tx: Tx, entrepriseId: number, key: string | null, limit: number) {
  return rows<{ id: number; name: string; number: string | null; path: number[] }>(
    tx,
    sql`select e.id, e.name, e.number, e.path from equipement e
        where ${live(entrepriseId)}
          ${
            key
              ? sql`and e.id in (select m.id from equipement_own m where m.entreprise_id = ${entrepriseId} and m.deleted_at is null
                  and m.name_recherche like (select app_search_like(${key})) and strpos(m.name_recherche, ${key}) > 0)`
              : sql``
          }
        order by cardinality(e.path), e.name, e.id limit ${limit}`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Isolation points
// ---------------------------------------------------------------------------------------------------------------

export interface PointRow {
  id: number;
  equipement_id: number;
  idx: number;
  repere: string;
  energie: string;
  dispositif: string;
  position_requise: string;
  moyen_condamnation: string | null;
  methode_verification: string | null;
}
const POINT_COLS = sql`id, equipement_id, idx, repere, energie, dispositif, position_requise, moyen_condamnation, methode_verification`;

export async function pointsOf(tx: Tx, entrepriseId: number, equipementId: number): Promise<PointRow[]> {
  return rows(
    tx,
    sql`select ${POINT_COLS} from equipement_point_isolement
        where entreprise_id = ${entrepriseId} and equipement_id = ${equipementId} and deleted_at is null order by idx, id`,
  );
}

export async function pointRow(tx: Tx, entrepriseId: number, id: number): Promise<PointRow | undefined> {
  const [r] = await rows<PointRow>(
    tx,
    sql`select ${POINT_COLS} from equipement_point_isolement where entreprise_id = ${entrepriseId} and id = ${id} and deleted_at is null`,
  );
  return r;
}

export interface PointValues {
  repere?: string;
  energie?: string;
  dispositif?: string;
  positionRequise?: string;
  moyenCondamnation?: string | null;
  methodeVerification?: string | null;
}
const POINT_NAMES: Record<keyof PointValues, string> = {
  repere: 'repere',
  energie: 'energie',
  dispositif: 'dispositif',
  positionRequise: 'position_requise',
  moyenCondamnation: 'moyen_condamnation',
  methodeVerification: 'methode_verification',
};

export async function insertPoint(
  tx: Tx,
  entrepriseId: number,
  equipementId: number,
  v: Required<Omit<PointValues, 'moyenCondamnation' | 'methodeVerification'>> & PointValues,
) {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`insert into equipement_point_isolement (entreprise_id, equipement_id, idx, repere, energie, dispositif, position_requise,
          moyen_condamnation, methode_verification)
        values (${entrepriseId}, ${equipementId},
          (select coalesce(max(idx), -1) + 1 from equipement_point_isolement where equipement_id = ${equipementId}),
          ${v.repere}, ${v.energie}, ${v.dispositif}, ${v.positionRequise}, ${v.moyenCondamnation ?? null}, ${v.methodeVerification ?? null})
        returning id`,
  );
  return Number(r.id);
}

export async function updatePoint(tx: Tx, entrepriseId: number, id: number, v: PointValues) {
  const sets = Object.entries(v)
    .filter(([k, x]) => x !== undefined && k in POINT_NAMES)
    .map(([k, x]) => sql`${sql.identifier(POINT_NAMES[k as keyof PointValues])} = ${x}`);
  if (!sets.length) return;
  await tx.execute(
    sql`update equipement_point_isolement set ${sql.join(sets, sql`, `)} where id = ${id} and entreprise_id = ${entrepriseId}`,
  );
}

export async function deletePoint(tx: Tx, entrepriseId: number, id: number) {
  await tx.execute(sql`update equipement_point_isolement set deleted_at = now() where id = ${id} and entreprise_id = ${entrepriseId}`);
}

/** Orders the points of an equipment; false when an id is not one of its live points. */
export async function arrangePoints(tx: Tx, entrepriseId: number, equipementId: number, ids: number[]): Promise<boolean> {
  const r = await rows<{ id: number }>(
    tx,
    sql`update equipement_point_isolement p set idx = v.ord - 1 from unnest(${intArray(ids)}) with ordinality v(id, ord)
        where p.id = v.id and p.entreprise_id = ${entrepriseId} and p.equipement_id = ${equipementId} and p.deleted_at is null
        returning p.id`,
  );
  return r.length === new Set(ids).size;
}

// ---------------------------------------------------------------------------------------------------------------
// Free fields
// ---------------------------------------------------------------------------------------------------------------

export async function champsOf(tx: Tx, entrepriseId: number) {
  return rows<{ code: string; libelle: string; data_type: string; options: unknown }>(
    tx,
    sql`select code, libelle, data_type, options from equipement_champ where entreprise_id = ${entrepriseId}`,
  );
}

export async function upsertChamp(tx: Tx, entrepriseId: number, v: { code: string; libelle: string; dataType: string; options: string[] }) {
  await tx.execute(sql`insert into equipement_champ (entreprise_id, code, libelle, data_type, options)
    values (${entrepriseId}, ${v.code}, ${v.libelle}, ${v.dataType}, ${JSON.stringify(v.options)}::jsonb)
    on conflict (entreprise_id, code) do update set libelle = excluded.libelle, data_type = excluded.data_type, options = excluded.options`);
}

// ---------------------------------------------------------------------------------------------------------------
// Activities and instances
// ---------------------------------------------------------------------------------------------------------------

export interface ActiviteRow {
  id: number;
  equipement_id: number;
  libelle: string;
  description: string | null;
  periodicite_jours: number | null;
  idx: number;
}
export interface InstanceRow {
  id: number;
  object_activite_id: number;
  equipement_id: number;
  date_prevue: string | null;
  progression: number;
  completed: boolean;
  validated: boolean;
  commentaire: string | null;
  completed_at: string | Date | null;
  validated_at: string | Date | null;
  version: number;
}
const ACT_COLS = sql`id, equipement_id, libelle, description, periodicite_jours, idx`;
const INST_COLS = sql`id, object_activite_id, equipement_id, to_char(date_prevue, 'YYYY-MM-DD') as date_prevue, progression,
  completed, validated, commentaire, completed_at, validated_at, version`;

export async function activitesOf(tx: Tx, entrepriseId: number, equipementId: number): Promise<ActiviteRow[]> {
  return rows(
    tx,
    sql`select ${ACT_COLS} from equipement_activite
        where entreprise_id = ${entrepriseId} and equipement_id = ${equipementId} and deleted_at is null order by idx, id`,
  );
}

export async function activiteRow(tx: Tx, entrepriseId: number, id: number): Promise<ActiviteRow | undefined> {
  const [r] = await rows<ActiviteRow>(
    tx,
    sql`select ${ACT_COLS} from equipement_activite where entreprise_id = ${entrepriseId} and id = ${id} and deleted_at is null`,
  );
  return r;
}

/** Live activities among ids, with the path of their equipment (references). */
export async function activitesAmong(tx: Tx, entrepriseId: number, ids: number[]) {
  return rows<{ id: number; path: number[] }>(
    tx,
    sql`select a.id, e.path from equipement_activite a join equipement e on e.id = a.equipement_id
        where a.entreprise_id = ${entrepriseId} and a.id = any(${intArray(ids)}) and a.deleted_at is null and e.deleted_at is null`,
  );
}

export async function instancesOf(tx: Tx, entrepriseId: number, activiteIds: number[]): Promise<InstanceRow[]> {
  if (!activiteIds.length) return [];
  return rows(
    tx,
    sql`select ${INST_COLS} from activite_instance
        where entreprise_id = ${entrepriseId} and object_activite_id = any(${intArray(activiteIds)})
        order by date_prevue nulls last, id`,
  );
}

export async function instanceRow(tx: Tx, entrepriseId: number, id: number, lock = false): Promise<InstanceRow | undefined> {
  const [r] = await rows<InstanceRow>(
    tx,
    sql`select ${INST_COLS} from activite_instance where entreprise_id = ${entrepriseId} and id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  return r;
}

export async function insertActivite(
  tx: Tx,
  entrepriseId: number,
  equipementId: number,
  v: { libelle: string; description?: string | null; periodiciteJours?: number | null },
) {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`insert into equipement_activite (entreprise_id, equipement_id, libelle, description, periodicite_jours, idx)
        values (${entrepriseId}, ${equipementId}, ${v.libelle}, ${v.description ?? null}, ${v.periodiciteJours ?? null},
          (select coalesce(max(idx), -1) + 1 from equipement_activite where equipement_id = ${equipementId}))
        returning id`,
  );
  return Number(r.id);
}

export async function updateActivite(
  tx: Tx,
  entrepriseId: number,
  id: number,
  v: { libelle?: string; description?: string | null; periodiciteJours?: number | null },
) {
  const sets: SQL[] = [];
  if (v.libelle !== undefined) sets.push(sql`libelle = ${v.libelle}`);
  if (v.description !== undefined) sets.push(sql`description = ${v.description}`);
  if (v.periodiciteJours !== undefined) sets.push(sql`periodicite_jours = ${v.periodiciteJours}`);
  if (sets.length)
    await tx.execute(sql`update equipement_activite set ${sql.join(sets, sql`, `)} where id = ${id} and entreprise_id = ${entrepriseId}`);
}

export async function validatedInstances(tx: Tx, entrepriseId: number, activiteId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from activite_instance where entreprise_id = ${entrepriseId} and object_activite_id = ${activiteId} and validated`,
  );
  return Number(r.n);
}

export async function deleteActivite(tx: Tx, entrepriseId: number, id: number) {
  await tx.execute(sql`update equipement_activite set deleted_at = now() where id = ${id} and entreprise_id = ${entrepriseId}`);
}

export async function insertInstance(
  tx: Tx,
  entrepriseId: number,
  a: { id: number; equipementId: number },
  v: { datePrevue?: string | null; commentaire?: string | null },
) {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`insert into activite_instance (entreprise_id, object_activite_id, equipement_id, date_prevue, commentaire)
        values (${entrepriseId}, ${a.id}, ${a.equipementId}, ${v.datePrevue ?? null}::date, ${v.commentaire ?? null}) returning id`,
  );
  return Number(r.id);
}

export async function updateInstance(
  tx: Tx,
  entrepriseId: number,
  id: number,
  v: { progression?: number; completed?: boolean; validated?: boolean; datePrevue?: string | null; commentaire?: string | null },
  validatedById: number,
) {
  const sets: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`];
  if (v.progression !== undefined) sets.push(sql`progression = ${v.progression}`);
  if (v.completed !== undefined)
    sets.push(sql`completed = ${v.completed}`, sql`completed_at = ${v.completed ? sql`coalesce(completed_at, now())` : sql`null`}`);
  if (v.validated) sets.push(sql`validated = true`, sql`validated_at = now()`, sql`validated_by_id = ${validatedById}`);
  if (v.datePrevue !== undefined) sets.push(sql`date_prevue = ${v.datePrevue}::date`);
  if (v.commentaire !== undefined) sets.push(sql`commentaire = ${v.commentaire}`);
  await tx.execute(sql`update activite_instance set ${sql.join(sets, sql`, `)} where id = ${id} and entreprise_id = ${entrepriseId}`);
}

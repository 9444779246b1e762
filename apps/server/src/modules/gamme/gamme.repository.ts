import {
  DEFAULT_ETATS_MANOEUVRE,
  type EtatManoeuvre,
  type Gamme,
  type GammePoint,
  type MmManoeuvre,
  type Niveau,
  type Releve,
} from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';

// The only SQL of the module. Reads return the contracts' shapes (dates as ISO text); writes take plain values.

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const iso = (d: unknown): string => (d instanceof Date ? d.toISOString() : new Date(String(d)).toISOString());
const isoOrNull = (d: unknown): string | null => (d === null || d === undefined ? null : iso(d));
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

// ---------------------------------------------------------------- gammes

const GAMME_COLUMNS = sql`g.id, g.entreprise_id, g.libelle, g.client, g.duree, g.logiciel_id, g.version, g.created_at,
  (select count(*)::int from gamme_modele_metrique p where p.gamme_id = g.id and p.deleted_at is null) as nb_points,
  (select count(*)::int from mm_manoeuvre l where l.gamme_id = g.id) as nb_lignes`;

type GammeRow = {
  id: number;
  entreprise_id: number;
  libelle: string;
  client: string | null;
  duree: number | null;
  logiciel_id: number;
  version: number;
  created_at: unknown;
  nb_points: number;
  nb_lignes: number;
};
const toGamme = (r: GammeRow): Gamme => ({
  id: r.id,
  entrepriseId: r.entreprise_id,
  libelle: r.libelle,
  client: r.client,
  duree: r.duree,
  logicielId: r.logiciel_id,
  nbPoints: Number(r.nb_points),
  nbLignes: Number(r.nb_lignes),
  version: r.version,
  createdAt: iso(r.created_at),
});

/** The company's gammes (of one software flavour when given), by name. */
export async function listGammes(tx: Tx, entrepriseId: number, logicielId?: number): Promise<Gamme[]> {
  const res = await tx.execute(sql`select ${GAMME_COLUMNS} from gamme g
    where g.entreprise_id = ${entrepriseId} and g.deleted_at is null
      ${logicielId ? sql`and g.logiciel_id = ${logicielId}` : sql``}
    order by lower(g.libelle), g.id`);
  return rowsOf<GammeRow>(res).map(toGamme);
}

/** A gamme of the company (not deleted), locked until the end of the transaction when `lock`. */
export async function findGamme(tx: Tx, entrepriseId: number, id: number, lock = false): Promise<Gamme | null> {
  if (lock) await tx.execute(sql`select id from gamme where id = ${id} and entreprise_id = ${entrepriseId} for update`);
  const res = await tx.execute(sql`select ${GAMME_COLUMNS} from gamme g
    where g.id = ${id} and g.entreprise_id = ${entrepriseId} and g.deleted_at is null`);
  const [r] = rowsOf<GammeRow>(res);
  return r ? toGamme(r) : null;
}

export async function insertGamme(
  tx: Tx,
  v: { entrepriseId: number; logicielId: number; libelle: string; client: string | null; duree: number | null; createdById: number },
): Promise<number> {
  const res = await tx.execute(sql`insert into gamme (entreprise_id, logiciel_id, libelle, client, duree, created_by_id)
    values (${v.entrepriseId}, ${v.logicielId}, ${v.libelle}, ${v.client}, ${v.duree}, ${v.createdById}) returning id`);
  const id = rowsOf<{ id: number }>(res)[0].id;
  await tx.execute(sql`insert into manoeuvre_modele (entreprise_id, gamme_id) values (${v.entrepriseId}, ${id}) on conflict do nothing`);
  return id;
}

/** Changes a gamme; false when its version is no longer `version` (someone changed it meanwhile). */
export async function updateGamme(
  tx: Tx,
  entrepriseId: number,
  id: number,
  version: number | undefined,
  v: { logicielId: number; libelle: string; client?: string | null; duree?: number | null },
): Promise<boolean> {
  const res = await tx.execute(sql`update gamme set logiciel_id = ${v.logicielId}, libelle = ${v.libelle},
      client = ${v.client === undefined ? sql`client` : v.client}, duree = ${v.duree === undefined ? sql`duree` : v.duree},
      version = version + 1, updated_at = now()
    where id = ${id} and entreprise_id = ${entrepriseId} and deleted_at is null
      ${version === undefined ? sql`` : sql`and version = ${version}`}
    returning id`);
  return rowsOf(res).length > 0;
}

export async function softDeleteGamme(tx: Tx, entrepriseId: number, id: number): Promise<boolean> {
  const res = await tx.execute(
    sql`update gamme set deleted_at = now() where id = ${id} and entreprise_id = ${entrepriseId} and deleted_at is null returning id`,
  );
  return rowsOf(res).length > 0;
}

export async function gammesAmong(tx: Tx, entrepriseId: number, ids: number[]): Promise<number[]> {
  const res = await tx.execute(sql`select id from gamme where entreprise_id = ${entrepriseId} and deleted_at is null
    and id = any(${intArray(ids)})`);
  return rowsOf<{ id: number }>(res).map((r) => r.id);
}

/** Integer ids as one int[] parameter. */
const intArray = (ids: readonly number[]) => sql`${`{${ids.map((i) => Math.trunc(Number(i))).join(',')}}`}::int[]`;

// ---------------------------------------------------------------- points

type PointRow = {
  id: number;
  gamme_id: number;
  nom: string;
  data_type: string;
  idx: number;
  property_values: Record<string, unknown>;
  equipement_id: number | null;
  equipement_name: string | null;
  unite: string | null;
  min: unknown;
  max: unknown;
  low_warning: unknown;
  high_warning: unknown;
  obligatoire: boolean;
  workflow_models_to_create: number[];
  version: number;
  prev_value: string | null;
  prev_niveau: Niveau | null;
  prev_at: unknown;
};
const toPoint = (r: PointRow): GammePoint => ({
  id: r.id,
  gammeId: r.gamme_id,
  nom: r.nom,
  dataType: r.data_type as GammePoint['dataType'],
  idx: r.idx,
  propertyValues: r.property_values ?? {},
  equipementId: r.equipement_id,
  equipementName: r.equipement_name,
  unite: r.unite,
  min: num(r.min),
  max: num(r.max),
  lowWarning: num(r.low_warning),
  highWarning: num(r.high_warning),
  obligatoire: r.obligatoire,
  workflowModelsToCreate: (r.workflow_models_to_create ?? []).map(Number),
  version: r.version,
  precedent: r.prev_at ? { value: r.prev_value, niveau: r.prev_niveau as Niveau, capturedAt: iso(r.prev_at) } : null,
});

/** Points, with their equipment's name and, when that equipment shows it (displayPrevious), the last valid reading. */
async function selectPoints(tx: Tx, where: SQL): Promise<GammePoint[]> {
  const res = await tx.execute(sql`select p.id, p.gamme_id, p.nom, p.data_type, p.idx, p.property_values, p.equipement_id,
      e.name as equipement_name, p.unite, p.min, p.max, p.low_warning, p.high_warning, p.obligatoire,
      p.workflow_models_to_create, p.version, prev.value as prev_value, prev.niveau as prev_niveau, prev.captured_at as prev_at
    from gamme_modele_metrique p
    left join equipement e on e.id = p.equipement_id
    left join lateral (
      select r.value, r.niveau, r.captured_at from releve r
      where e.display_previous and r.metrique_id = p.id and r.equipement_id = p.equipement_id and r.cancelled_at is null
      order by r.captured_at desc, r.id desc limit 1
    ) prev on true
    where p.deleted_at is null and ${where}
    order by p.idx, p.id`);
  return rowsOf<PointRow>(res).map(toPoint);
}

export const pointsOf = (tx: Tx, entrepriseId: number, gammeId: number) =>
  selectPoints(tx, sql`p.gamme_id = ${gammeId} and p.entreprise_id = ${entrepriseId}`);

export async function findPoint(tx: Tx, entrepriseId: number, id: number): Promise<GammePoint | null> {
  const [p] = await selectPoints(tx, sql`p.id = ${id} and p.entreprise_id = ${entrepriseId}`);
  return p ?? null;
}

/** Points by id (of the company, not deleted), for the readings of a round. */
export async function pointsByIds(tx: Tx, entrepriseId: number, ids: number[]): Promise<Map<number, GammePoint>> {
  if (!ids.length) return new Map();
  const rows = await selectPoints(tx, sql`p.id = any(${intArray(ids)}) and p.entreprise_id = ${entrepriseId}`);
  return new Map(rows.map((p) => [p.id, p]));
}

/** The idx of a gamme's points (not deleted), by id. */
export async function pointIdxOf(tx: Tx, gammeId: number): Promise<{ id: number; idx: number }[]> {
  const res = await tx.execute(
    sql`select id, idx from gamme_modele_metrique where gamme_id = ${gammeId} and deleted_at is null order by idx, id`,
  );
  return rowsOf<{ id: number; idx: number }>(res);
}

/** Writes new idx values (id → idx) in one statement. */
export async function writePointIdx(tx: Tx, moves: Map<number, number>): Promise<void> {
  const changes = [...moves.entries()];
  if (!changes.length) return;
  const values = sql.join(
    changes.map(([id, idx]) => sql`(${id}::int, ${idx}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update gamme_modele_metrique p set idx = v.idx from (values ${values}) as v(id, idx)
    where p.id = v.id and p.idx <> v.idx`);
}

export interface PointValues {
  nom?: string;
  dataType?: string;
  propertyValues?: Record<string, unknown>;
  equipementId?: number | null;
  unite?: string | null;
  min?: number | null;
  max?: number | null;
  lowWarning?: number | null;
  highWarning?: number | null;
  obligatoire?: boolean;
  workflowModelsToCreate?: number[];
}

export async function insertPoint(tx: Tx, entrepriseId: number, gammeId: number, idx: number, v: PointValues): Promise<number> {
  const res = await tx.execute(sql`insert into gamme_modele_metrique (entreprise_id, gamme_id, nom, data_type, idx, property_values,
      equipement_id, unite, min, max, low_warning, high_warning, obligatoire, workflow_models_to_create)
    values (${entrepriseId}, ${gammeId}, ${v.nom}, ${v.dataType}, ${idx}, ${JSON.stringify(v.propertyValues ?? {})}::jsonb,
      ${v.equipementId ?? null}, ${v.unite ?? null}, ${v.min ?? null}, ${v.max ?? null}, ${v.lowWarning ?? null}, ${v.highWarning ?? null},
      ${v.obligatoire ?? false}, ${intArray([...new Set(v.workflowModelsToCreate ?? [])])})
    returning id`);
  return rowsOf<{ id: number }>(res)[0].id;
}

const COLUMN_OF: Record<keyof PointValues, string> = {
  nom: 'nom',
  dataType: 'data_type',
  propertyValues: 'property_values',
  equipementId: 'equipement_id',
  unite: 'unite',
  min: 'min',
  max: 'max',
  lowWarning: 'low_warning',
  highWarning: 'high_warning',
  obligatoire: 'obligatoire',
  workflowModelsToCreate: 'workflow_models_to_create',
};

/** Changes a point; false when its version is no longer `version`. */
export async function updatePoint(tx: Tx, entrepriseId: number, id: number, version: number | undefined, v: PointValues): Promise<boolean> {
  const sets = (Object.keys(COLUMN_OF) as (keyof PointValues)[])
    .filter((k) => v[k] !== undefined)
    .map((k) => {
      const value = v[k];
      if (k === 'propertyValues') return sql`property_values = ${JSON.stringify(value)}::jsonb`;
      if (k === 'workflowModelsToCreate') return sql`workflow_models_to_create = ${intArray([...new Set(value as number[])])}`;
      return sql`${sql.identifier(COLUMN_OF[k])} = ${value as string | number | boolean | null}`;
    });
  const res = await tx.execute(sql`update gamme_modele_metrique set ${sql.join([...sets, sql`version = version + 1`], sql`, `)}
    where id = ${id} and entreprise_id = ${entrepriseId} and deleted_at is null
      ${version === undefined ? sql`` : sql`and version = ${version}`}
    returning id`);
  return rowsOf(res).length > 0;
}

export async function softDeletePoint(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`update gamme_modele_metrique set deleted_at = now(), version = version + 1 where id = ${id}`);
}

export async function pointsAmong(tx: Tx, entrepriseId: number, ids: number[]): Promise<number[]> {
  const res = await tx.execute(sql`select p.id from gamme_modele_metrique p join gamme g on g.id = p.gamme_id
    where p.entreprise_id = ${entrepriseId} and p.deleted_at is null and g.deleted_at is null and p.id = any(${intArray(ids)})`);
  return rowsOf<{ id: number }>(res).map((r) => r.id);
}

// ---------------------------------------------------------------- readings

export interface NewReleve {
  entrepriseId: number;
  clientId: string;
  gammeId: number;
  metriqueId: number;
  equipementId: number;
  value: string | null;
  valeurNumerique: number | null;
  niveau: Niveau;
  comment: string | null;
  capturedAt: string;
  capturedById: number;
  activiteInstanceId: number | null;
  processId: number | null;
}

/**
 * Writes readings, skipping those whose client id the company already has (a round sent again, maybe at the same
 * time: the unique index makes the second sender wait, then skip). Returns the client ids written by this call.
 */
export async function insertReleves(tx: Tx, rows: NewReleve[]): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const values = sql.join(
    rows.map(
      (r) => sql`(${r.entrepriseId}::int, ${r.clientId}::uuid, ${r.gammeId}::int, ${r.metriqueId}::int, ${r.equipementId}::int,
        ${r.value}::text, ${r.valeurNumerique}::float8, ${r.niveau}::text, ${r.comment}::text, ${r.capturedAt}::timestamptz,
        ${r.capturedById}::int, ${r.activiteInstanceId}::int, ${r.processId}::int)`,
    ),
    sql`, `,
  );
  const res = await tx.execute(sql`insert into releve (entreprise_id, client_id, gamme_id, metrique_id, equipement_id, value,
      valeur_numerique, niveau, comment, captured_at, captured_by_id, activite_instance_id, process_id)
    values ${values}
    on conflict (entreprise_id, client_id) do nothing
    returning client_id`);
  return new Set(rowsOf<{ client_id: string }>(res).map((r) => r.client_id));
}

export async function setProcessesCreated(tx: Tx, releveId: number, processIds: number[]): Promise<void> {
  await tx.execute(sql`update releve set processes_created = ${intArray(processIds)} where id = ${releveId}`);
}

type ReleveRow = {
  id: number;
  client_id: string;
  equipement_id: number;
  metrique_id: number;
  gamme_id: number;
  point_nom: string;
  unite: string | null;
  value: string | null;
  niveau: Niveau;
  comment: string | null;
  captured_at: unknown;
  captured_by_id: number | null;
  captured_by_nom: string | null;
  activite_instance_id: number | null;
  process_id: number | null;
  processes_created: number[];
  cancelled_at: unknown;
  cancelled_by_id: number | null;
  cancelled_by_nom: string | null;
  cancel_reason: string | null;
  prev_value: string | null;
  prev_niveau: Niveau | null;
  prev_at: unknown;
  total?: number;
};
const toReleve = (r: ReleveRow): Releve => ({
  id: r.id,
  clientId: r.client_id,
  equipementId: r.equipement_id,
  metriqueId: r.metrique_id,
  gammeId: r.gamme_id,
  pointNom: r.point_nom,
  unite: r.unite,
  value: r.value,
  niveau: r.niveau,
  comment: r.comment,
  capturedAt: iso(r.captured_at),
  capturedById: r.captured_by_id,
  capturedByNom: r.captured_by_nom,
  activiteInstanceId: r.activite_instance_id,
  processId: r.process_id,
  processesCreated: (r.processes_created ?? []).map(Number),
  cancelledAt: isoOrNull(r.cancelled_at),
  cancelledById: r.cancelled_by_id,
  cancelledByNom: r.cancelled_by_nom,
  cancelReason: r.cancel_reason,
  precedent: r.prev_at ? { value: r.prev_value, niveau: r.prev_niveau as Niveau, capturedAt: iso(r.prev_at) } : null,
});

const RELEVE_SELECT = sql`select r.id, r.client_id, r.equipement_id, r.metrique_id, r.gamme_id, p.nom as point_nom, p.unite,
    r.value, r.niveau, r.comment, r.captured_at, r.captured_by_id, nullif(trim(coalesce(cu.prenom, '') || ' ' || coalesce(cu.nom, '')), '') as captured_by_nom,
    r.activite_instance_id, r.process_id, r.processes_created, r.cancelled_at, r.cancelled_by_id,
    nullif(trim(coalesce(xu.prenom, '') || ' ' || coalesce(xu.nom, '')), '') as cancelled_by_nom, r.cancel_reason,
    prev.value as prev_value, prev.niveau as prev_niveau, prev.captured_at as prev_at`;
const RELEVE_FROM = sql`from releve r
    join gamme_modele_metrique p on p.id = r.metrique_id
    left join utilisateur cu on cu.id = r.captured_by_id
    left join utilisateur xu on xu.id = r.cancelled_by_id
    left join lateral (
      select q.value, q.niveau, q.captured_at from releve q
      where q.equipement_id = r.equipement_id and q.metrique_id = r.metrique_id and q.cancelled_at is null
        and (q.captured_at, q.id) < (r.captured_at, r.id)
      order by q.captured_at desc, q.id desc limit 1
    ) prev on true`;

/** Client ids as one uuid[] parameter (each already a validated UUID). */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Of these client ids, those the company already has (a round sent before): one index probe each. */
export async function knownClientIds(tx: Tx, entrepriseId: number, clientIds: string[]): Promise<Set<string>> {
  if (!clientIds.length) return new Set();
  const res = await tx.execute(
    sql`select client_id from releve where entreprise_id = ${entrepriseId} and client_id = any(${uuidArray(clientIds)})`,
  );
  return new Set(rowsOf<{ client_id: string }>(res).map((r) => r.client_id));
}

export async function relevesByClientIds(tx: Tx, entrepriseId: number, clientIds: string[]): Promise<Map<string, Releve>> {
  if (!clientIds.length) return new Map();
  const res = await tx.execute(
    sql`${RELEVE_SELECT} ${RELEVE_FROM} where r.entreprise_id = ${entrepriseId} and r.client_id = any(${uuidArray(clientIds)})`,
  );
  return new Map(rowsOf<ReleveRow>(res).map((r) => [r.client_id, toReleve(r)]));
}

/** Readings by id with what a process's reading field keeps of them (point, value, level), for its summary. */
export async function releveLinesOf(tx: Tx, entrepriseId: number, ids: number[]) {
  if (!ids.length) return [];
  const res = await tx.execute(sql`select r.id, r.process_id, r.gamme_id, r.metrique_id, p.nom as point_nom, p.unite, r.value,
      r.niveau, r.comment, r.cancelled_at is not null as cancelled
    from releve r join gamme_modele_metrique p on p.id = r.metrique_id
    where r.entreprise_id = ${entrepriseId} and r.id = any(${intArray(ids)})`);
  return rowsOf<{
    id: number;
    process_id: number | null;
    gamme_id: number;
    metrique_id: number;
    point_nom: string;
    unite: string | null;
    value: string | null;
    niveau: Niveau;
    comment: string | null;
    cancelled: boolean;
  }>(res);
}

export async function findReleve(tx: Tx, entrepriseId: number, id: number): Promise<Releve | null> {
  const res = await tx.execute(sql`${RELEVE_SELECT} ${RELEVE_FROM} where r.entreprise_id = ${entrepriseId} and r.id = ${id}`);
  const [r] = rowsOf<ReleveRow>(res);
  return r ? toReleve(r) : null;
}

/** A page of an equipment's readings (of one point when given), newest first, with the total. */
export async function releveHistory(
  tx: Tx,
  entrepriseId: number,
  q: { equipementId: number; metriqueId?: number; includeCancelled: boolean; page: number; perPage: number },
): Promise<{ items: Releve[]; total: number }> {
  const where = sql`r.entreprise_id = ${entrepriseId} and r.equipement_id = ${q.equipementId}
    ${q.metriqueId ? sql`and r.metrique_id = ${q.metriqueId}` : sql``}
    ${q.includeCancelled ? sql`` : sql`and r.cancelled_at is null`}`;
  const [{ total }] = rowsOf<{ total: number }>(await tx.execute(sql`select count(*)::int as total from releve r where ${where}`));
  const res = await tx.execute(sql`${RELEVE_SELECT} ${RELEVE_FROM} where ${where}
    order by r.captured_at desc, r.id desc limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`);
  return { items: rowsOf<ReleveRow>(res).map(toReleve), total: Number(total) };
}

/** Marks a reading cancelled (kept): false when it was already. */
export async function cancelReleve(tx: Tx, entrepriseId: number, id: number, by: number, reason: string): Promise<boolean> {
  const res = await tx.execute(sql`update releve set cancelled_at = now(), cancelled_by_id = ${by}, cancel_reason = ${reason}
    where id = ${id} and entreprise_id = ${entrepriseId} and cancelled_at is null returning id`);
  return rowsOf(res).length > 0;
}

/** How many readings (cancelled included) an equipment has: the equipment module refuses its deletion while any. */
export async function readingsCountOf(tx: Tx, equipementId: number): Promise<number> {
  const res = await tx.execute(sql`select count(*)::int as n from releve where equipement_id = ${equipementId}`);
  return Number(rowsOf<{ n: number }>(res)[0].n);
}

/** Activity instances of the company, by id, with their equipment. */
export async function activiteInstancesOf(tx: Tx, entrepriseId: number, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const res = await tx.execute(
    sql`select id, equipement_id from activite_instance where entreprise_id = ${entrepriseId} and id = any(${intArray(ids)})`,
  );
  return new Map(rowsOf<{ id: number; equipement_id: number }>(res).map((r) => [r.id, r.equipement_id]));
}

/** Equipment names, by id (of the company). */
export async function equipementNames(tx: Tx, entrepriseId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const res = await tx.execute(sql`select id, name from equipement where entreprise_id = ${entrepriseId} and id = any(${intArray(ids)})`);
  return new Map(rowsOf<{ id: number; name: string }>(res).map((r) => [r.id, r.name]));
}

// ---------------------------------------------------------------- manoeuvre states

/** Seeds the default states once per company (never again once it has had states, even all removed). */
export async function ensureDefaultEtats(tx: Tx, entrepriseId: number): Promise<void> {
  const [{ n }] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from etat_manoeuvre_modele where entreprise_id = ${entrepriseId}`),
  );
  if (Number(n) > 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('etat_manoeuvre_modele'), ${entrepriseId})`);
  const values = sql.join(
    DEFAULT_ETATS_MANOEUVRE.map((e, i) => sql`(${entrepriseId}::int, ${e.libelle}::text, ${e.couleur}::text, ${i}::int)`),
    sql`, `,
  );
  await tx.execute(sql`insert into etat_manoeuvre_modele (entreprise_id, libelle, couleur, idx)
    select * from (values ${values}) v
    where not exists (select 1 from etat_manoeuvre_modele where entreprise_id = ${entrepriseId})`);
}

type EtatRow = { id: number; gamme_id: number | null; libelle: string; couleur: string | null; idx: number };
const toEtat = (r: EtatRow): EtatManoeuvre => ({ id: r.id, gammeId: r.gamme_id, libelle: r.libelle, couleur: r.couleur, idx: r.idx });

/** The states a gamme may use (the company's and its own, or only the company's when `gammeId` is null), in order. */
export async function etatsFor(tx: Tx, entrepriseId: number, gammeId: number | null): Promise<EtatManoeuvre[]> {
  const res = await tx.execute(sql`select id, gamme_id, libelle, couleur, idx from etat_manoeuvre_modele
    where entreprise_id = ${entrepriseId} and deleted_at is null and (gamme_id is null ${gammeId ? sql`or gamme_id = ${gammeId}` : sql``})
    order by idx, id`);
  return rowsOf<EtatRow>(res).map(toEtat);
}

export async function findEtat(tx: Tx, entrepriseId: number, id: number): Promise<EtatManoeuvre | null> {
  const res = await tx.execute(sql`select id, gamme_id, libelle, couleur, idx from etat_manoeuvre_modele
    where id = ${id} and entreprise_id = ${entrepriseId} and deleted_at is null`);
  const [r] = rowsOf<EtatRow>(res);
  return r ? toEtat(r) : null;
}

export async function insertEtat(tx: Tx, entrepriseId: number, v: { gammeId: number | null; libelle: string; couleur: string | null }) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('etat_manoeuvre_modele'), ${entrepriseId})`);
  const res = await tx.execute(sql`insert into etat_manoeuvre_modele (entreprise_id, gamme_id, libelle, couleur, idx)
    values (${entrepriseId}, ${v.gammeId}, ${v.libelle}, ${v.couleur},
      (select coalesce(max(idx), -1) + 1 from etat_manoeuvre_modele where entreprise_id = ${entrepriseId}))
    returning id`);
  return rowsOf<{ id: number }>(res)[0].id;
}

export async function updateEtat(tx: Tx, entrepriseId: number, id: number, v: { libelle?: string; couleur?: string | null }) {
  const res = await tx.execute(sql`update etat_manoeuvre_modele set
      libelle = ${v.libelle === undefined ? sql`libelle` : v.libelle}, couleur = ${v.couleur === undefined ? sql`couleur` : v.couleur}
    where id = ${id} and entreprise_id = ${entrepriseId} and deleted_at is null returning id`);
  return rowsOf(res).length > 0;
}

/** Lines that expect this state (their gamme not deleted): the removal is refused while any. */
export async function linesExpectingEtat(tx: Tx, id: number): Promise<{ gamme: string; numero: number }[]> {
  const res = await tx.execute(sql`select g.libelle as gamme, l.numero from mm_manoeuvre l join gamme g on g.id = l.gamme_id
    where l.etat_manoeuvre_id = ${id} and g.deleted_at is null order by g.libelle, l.numero limit 5`);
  return rowsOf<{ gamme: string; numero: number }>(res);
}

export async function softDeleteEtat(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`update etat_manoeuvre_modele set deleted_at = now() where id = ${id}`);
}

/** Of these states, the company's (not removed), locked until the end of the transaction. */
export async function lockEtatsAmong(tx: Tx, entrepriseId: number, ids: number[]): Promise<number[]> {
  const res = await tx.execute(sql`select id from etat_manoeuvre_modele
    where entreprise_id = ${entrepriseId} and deleted_at is null and id = any(${intArray(ids)}) for update`);
  return rowsOf<{ id: number }>(res).map((r) => r.id);
}

export async function arrangeEtats(tx: Tx, ids: number[]): Promise<void> {
  const values = sql.join(
    ids.map((id, i) => sql`(${id}::int, ${i}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update etat_manoeuvre_modele e set idx = v.idx from (values ${values}) as v(id, idx) where e.id = v.id`);
}

/** Of these states, the company's (not removed): the `etatManoeuvre` reference kind. */
export async function etatsAmong(tx: Tx, entrepriseId: number, ids: number[]): Promise<number[]> {
  const res = await tx.execute(sql`select id from etat_manoeuvre_modele
    where entreprise_id = ${entrepriseId} and deleted_at is null and id = any(${intArray(ids)})`);
  return rowsOf<{ id: number }>(res).map((r) => r.id);
}

// ---------------------------------------------------------------- manoeuvre sheets

export async function manoeuvreHeaderOf(tx: Tx, entrepriseId: number, gammeId: number) {
  await tx.execute(sql`insert into manoeuvre_modele (entreprise_id, gamme_id) values (${entrepriseId}, ${gammeId}) on conflict do nothing`);
  const res = await tx.execute(sql`select m.id, m.gamme_id, g.libelle as gamme_libelle, m.type_manoeuvre, m.consignes, m.version,
      (select coalesce(max(numero), 0)::int from mm_manoeuvre l where l.gamme_id = m.gamme_id) as max_numero,
      (select count(*)::int from mm_manoeuvre l where l.gamme_id = m.gamme_id) as nb_lignes
    from manoeuvre_modele m join gamme g on g.id = m.gamme_id where m.gamme_id = ${gammeId} and m.entreprise_id = ${entrepriseId}`);
  const [r] = rowsOf<{
    id: number;
    gamme_id: number;
    gamme_libelle: string;
    type_manoeuvre: string | null;
    consignes: string | null;
    version: number;
    max_numero: number;
    nb_lignes: number;
  }>(res);
  return {
    id: r.id,
    gammeId: r.gamme_id,
    gammeLibelle: r.gamme_libelle,
    typeManoeuvre: r.type_manoeuvre,
    consignes: r.consignes,
    version: r.version,
    maxNumero: Number(r.max_numero),
    nbLignes: Number(r.nb_lignes),
  };
}

export async function updateManoeuvreHeader(
  tx: Tx,
  gammeId: number,
  version: number | undefined,
  v: { typeManoeuvre?: string | null; consignes?: string | null },
): Promise<boolean> {
  const res = await tx.execute(sql`update manoeuvre_modele set
      type_manoeuvre = ${v.typeManoeuvre === undefined ? sql`type_manoeuvre` : v.typeManoeuvre},
      consignes = ${v.consignes === undefined ? sql`consignes` : v.consignes}, version = version + 1, updated_at = now()
    where gamme_id = ${gammeId} ${version === undefined ? sql`` : sql`and version = ${version}`} returning id`);
  return rowsOf(res).length > 0;
}

type LineRow = {
  id: number;
  gamme_id: number;
  numero: number;
  poste: string | null;
  equipement_id: number | null;
  equipement_name: string | null;
  appareil: string | null;
  operation: string | null;
  etat_manoeuvre_id: number | null;
  etat_libelle: string | null;
  etat_couleur: string | null;
  observations: string | null;
  version: number;
};
const toLine = (r: LineRow): MmManoeuvre => ({
  id: r.id,
  gammeId: r.gamme_id,
  numero: r.numero,
  poste: r.poste,
  equipementId: r.equipement_id,
  equipementName: r.equipement_name,
  appareil: r.appareil,
  operation: r.operation,
  etatManoeuvreId: r.etat_manoeuvre_id,
  etatLibelle: r.etat_libelle,
  etatCouleur: r.etat_couleur,
  observations: r.observations,
  version: r.version,
});
const LINE_SELECT = sql`select l.id, l.gamme_id, l.numero, l.poste, l.equipement_id, e.name as equipement_name, l.appareil, l.operation,
    l.etat_manoeuvre_id, s.libelle as etat_libelle, s.couleur as etat_couleur, l.observations, l.version
  from mm_manoeuvre l left join equipement e on e.id = l.equipement_id left join etat_manoeuvre_modele s on s.id = l.etat_manoeuvre_id`;

export async function findLine(tx: Tx, entrepriseId: number, id: number): Promise<MmManoeuvre | null> {
  const res = await tx.execute(sql`${LINE_SELECT} join gamme g on g.id = l.gamme_id and g.deleted_at is null
    where l.id = ${id} and l.entreprise_id = ${entrepriseId}`);
  const [r] = rowsOf<LineRow>(res);
  return r ? toLine(r) : null;
}

export async function linesPage(tx: Tx, gammeId: number, page: number, perPage: number) {
  const [{ total, max_numero }] = rowsOf<{ total: number; max_numero: number }>(
    await tx.execute(
      sql`select count(*)::int as total, coalesce(max(numero), 0)::int as max_numero from mm_manoeuvre where gamme_id = ${gammeId}`,
    ),
  );
  const res = await tx.execute(
    sql`${LINE_SELECT} where l.gamme_id = ${gammeId} order by l.numero limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  return { items: rowsOf<LineRow>(res).map(toLine), total: Number(total), maxNumero: Number(max_numero) };
}

export async function lineNumbersOf(tx: Tx, gammeId: number): Promise<{ id: number; numero: number }[]> {
  const res = await tx.execute(sql`select id, numero from mm_manoeuvre where gamme_id = ${gammeId} order by numero`);
  return rowsOf<{ id: number; numero: number }>(res);
}

export interface LineValues {
  poste?: string | null;
  equipementId?: number | null;
  appareil?: string | null;
  operation?: string | null;
  etatManoeuvreId?: number | null;
  observations?: string | null;
}

/** Adds a line numbered max + 1; the caller holds the gamme's row lock, so concurrent creations wait on each other. */
export async function insertLine(tx: Tx, entrepriseId: number, gammeId: number, v: LineValues): Promise<number> {
  const res = await tx.execute(sql`insert into mm_manoeuvre (entreprise_id, gamme_id, numero, poste, equipement_id, appareil, operation,
      etat_manoeuvre_id, observations)
    values (${entrepriseId}, ${gammeId}, (select coalesce(max(numero), 0) + 1 from mm_manoeuvre where gamme_id = ${gammeId}),
      ${v.poste ?? null}, ${v.equipementId ?? null}, ${v.appareil ?? null}, ${v.operation ?? null}, ${v.etatManoeuvreId ?? null},
      ${v.observations ?? null})
    returning id`);
  return rowsOf<{ id: number }>(res)[0].id;
}

const LINE_COLUMN: Record<keyof LineValues, string> = {
  poste: 'poste',
  equipementId: 'equipement_id',
  appareil: 'appareil',
  operation: 'operation',
  etatManoeuvreId: 'etat_manoeuvre_id',
  observations: 'observations',
};

export async function updateLine(tx: Tx, id: number, version: number | undefined, v: LineValues): Promise<boolean> {
  const sets = (Object.keys(LINE_COLUMN) as (keyof LineValues)[])
    .filter((k) => v[k] !== undefined)
    .map((k) => sql`${sql.identifier(LINE_COLUMN[k])} = ${v[k] as string | number | null}`);
  const res = await tx.execute(sql`update mm_manoeuvre set ${sql.join([...sets, sql`version = version + 1`], sql`, `)}
    where id = ${id} ${version === undefined ? sql`` : sql`and version = ${version}`} returning id`);
  return rowsOf(res).length > 0;
}

/** Writes new numbers (id → numero) in one statement (the unique constraint is checked at its end). */
export async function writeNumeros(tx: Tx, moves: Map<number, number>, bumpVersionOf?: number): Promise<void> {
  const changes = [...moves.entries()];
  if (!changes.length) return;
  const values = sql.join(
    changes.map(([id, n]) => sql`(${id}::int, ${n}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update mm_manoeuvre l set numero = v.n from (values ${values}) as v(id, n)
    where l.id = v.id and (l.numero <> v.n ${bumpVersionOf ? sql`or l.id = ${bumpVersionOf}` : sql``})`);
}

export async function deleteLine(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`delete from mm_manoeuvre where id = ${id}`);
}

/** Points (live, of a live gamme) and manoeuvre lines that name an equipment. */
export async function gammeUsesOf(tx: Tx, equipementId: number): Promise<{ points: number; lignes: number }> {
  const [r] = rowsOf<{ points: number; lignes: number }>(
    await tx.execute(sql`select
      (select count(*)::int from gamme_modele_metrique p join gamme g on g.id = p.gamme_id
        where p.equipement_id = ${equipementId} and p.deleted_at is null and g.deleted_at is null) as points,
      (select count(*)::int from mm_manoeuvre l join gamme g on g.id = l.gamme_id
        where l.equipement_id = ${equipementId} and g.deleted_at is null) as lignes`),
  );
  return { points: Number(r.points), lignes: Number(r.lignes) };
}

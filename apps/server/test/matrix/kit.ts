import { type AnyEndpoint, type API, fieldsOf, type IdField, type RefKind } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { withSystem } from '../../src/platform/db/tenant.ts';
import type { Actor, TestApp } from '../harness.ts';

// ---------------------------------------------------------------------------------------------------------------
// The endpoint matrix: what each module's rows file (test/matrix/<module>.matrix.ts) declares, and the checks the
// runner (test/endpoints.matrix.test.ts) derives from the endpoint declarations of @app/contracts.
// ---------------------------------------------------------------------------------------------------------------

/** One request: JSON, multipart when it carries a file, or a server-sent-events stream read until its ready event. */
export type Call = { url: string; body?: unknown; file?: { name: string; mime: string; content: Buffer }; stream?: boolean };
export type Build = (t: TestApp) => Call | Promise<Call>;
/** Checks an answer; may act afterwards (awaited), e.g. leave the support mode a success entered. */
export type Check = (json: any, t: TestApp) => void | Promise<void>;

/** A case left out on purpose, with why (reported by the runner). */
export interface Exempt {
  none: string;
}

/**
 * What another company must not see in an answer: the rows of `kind` owned by the success actor's company (Acme when
 * the success actor is the super admin), unless the viewer owns them too (a partner both see).
 */
export interface Unseen {
  kind: OwnedKind;
  /** The ids of the answer's rows (default: `id` of each item of the array, or of `items`). */
  ids?: (json: any) => unknown[];
}

/** A 403 case: an actor the endpoint's rule refuses, and a request (default: the success request). */
export interface Refused {
  /** Default: the first demo actor whose ability refuses the endpoint's access (same company as the success first). */
  as?: Actor;
  call?: Build;
}

/**
 * An other-company case: an actor of another company than the data's sends a request naming that company's rows.
 * Refused (403, 404, or 400 « Référence invalide ») unless `unseen`/`check` say what its 200 must (not) hold.
 */
export interface Other {
  /** Default: the admin of another company than the success actor's (betaAdmin, or acmeAdmin for Béta's data). */
  as?: Actor;
  /** Default: the success request itself, which then succeeds for its owner (so its ids are real rows of theirs). */
  call?: Build;
  unseen?: Unseen;
  check?: Check;
}

export interface Row {
  /** Who succeeds, with what request: built once, and sent by the 401, 403 and other-company cases unless they build their own. */
  ok: { as: Actor; call: Build; check?: Check };
  /** The 403 case (generated for every endpoint whose ability some demo actor lacks). */
  forbidden?: Refused | Exempt;
  /** The other-company cases (generated for every endpoint that takes an id of a company's row). */
  other?: Other | Other[] | Exempt;
  /** A bad input, sent by the success actor: 400 with a French sentence. */
  bad?: Build;
}

type Api = typeof API;
/** The rows of one or more modules of the API: one row per endpoint, by the endpoint's name in its module. */
export type ModuleRows = { [M in keyof Api]?: { [E in keyof Api[M]]: Row } };
/** Declares the rows of a module's file: the type refuses a missing or unknown endpoint name. */
export const matrixRows = (rows: ModuleRows): ModuleRows => rows;

// ---------------------------------------------------------------------------------------------------------------
// Companies and actors
// ---------------------------------------------------------------------------------------------------------------

export const ACTORS: Actor[] = ['acmeTechnicien', 'acmeResponsable', 'acmeAdmin', 'gammaUser', 'betaAdmin', 'superadmin'];
export const companyOf = (t: TestApp, a: Actor): number =>
  a === 'betaAdmin' ? t.ids.beta : a === 'gammaUser' ? t.ids.gamma : a === 'superadmin' ? t.ids.support : t.ids.acme;
/** The admin of another company than an actor's (null for the super admin, who acts on every company). */
export const otherAdminOf = (a: Actor): Actor | null => (a === 'superadmin' ? null : a === 'betaAdmin' ? 'acmeAdmin' : 'betaAdmin');

// ---------------------------------------------------------------------------------------------------------------
// Rows a company owns, read through the system path (test only)
// ---------------------------------------------------------------------------------------------------------------

/** Tables whose rows carry `entreprise_id`, by the kind a check names. */
const TABLES = {
  utilisateur: 'utilisateur',
  service: 'service_modele',
  workflow: 'process_modele',
  etape: 'etape',
  metrique: 'metrique',
  autorisation: 'etape_autorisation',
  process: 'process',
  processFile: 'process_file',
  menuItem: 'menu_item',
  permission: 'permission',
  equipmentPermission: 'equipment_permission',
  tableau: 'tableau',
  filtre: 'filtre',
  affichage: 'affichage',
  groupe: 'entreprise_groupe',
  habilitation: 'habilitation',
  message: 'message_collationne',
  equipement: 'equipement',
  localisation: 'localisation',
  risque: 'risque',
  risqueFamille: 'risque_famille',
  equipementRisque: 'equipement_risque',
  gamme: 'gamme',
  gammePoint: 'gamme_modele_metrique',
  releve: 'releve',
  etatManoeuvre: 'etat_manoeuvre_modele',
  mmManoeuvre: 'mm_manoeuvre',
  titreHabilitation: 'titre_habilitation',
  visiteMedicale: 'visite_medicale',
  processHabilitation: 'process_habilitation',
} as const;
/**
 * Kinds of rows a company owns: its rows of a table; `entreprise` the company and its partners; `personne` the
 * people of the company and of its partners.
 */
export type OwnedKind = keyof typeof TABLES | 'entreprise' | 'personne';

async function rowsOf(t: TestApp, query: string): Promise<number[]> {
  const r = await withSystem(t.server.database.db, 'test: the endpoint matrix reads which rows a company owns', (tx) =>
    tx.execute(sql.raw(query)),
  );
  return (r as unknown as { rows: { id: number }[] }).rows.map((x) => Number(x.id));
}

/** Ids of the rows of `kind` a company owns (or may see as its partners'). */
export async function ownedBy(t: TestApp, kind: OwnedKind, company: number): Promise<Set<number>> {
  const id = Math.trunc(company);
  const partners = `select partenaire_id from entreprise_relation where entreprise_id = ${id}`;
  if (kind === 'entreprise')
    return new Set([id, ...(await rowsOf(t, `select partenaire_id as id from entreprise_relation where entreprise_id = ${id}`))]);
  if (kind === 'personne')
    return new Set(await rowsOf(t, `select id from utilisateur where entreprise_id = ${id} or entreprise_id in (${partners})`));
  return new Set(await rowsOf(t, `select id from ${TABLES[kind]} where entreprise_id = ${id}`));
}

const rowsOfAnswer = (json: any): any[] => (Array.isArray(json) ? json : Array.isArray(json?.items) ? json.items : []);

/**
 * Throws when an answer to `viewer` holds a row of `kind` that `owner` owns and the viewer does not (a partner both
 * see is not a leak). The ids must be integers: an answer whose rows carry no id cannot pass unchecked.
 */
export async function expectUnseen(t: TestApp, u: Unseen, json: unknown, owner: number, viewer: number): Promise<void> {
  const ids = u.ids ? u.ids(json) : rowsOfAnswer(json).map((r) => r?.id);
  const notIds = ids.filter((id) => !Number.isInteger(id));
  if (notIds.length) throw new Error(`unseen ${u.kind}: the answer's rows carry no integer id (${JSON.stringify(notIds.slice(0, 3))})`);
  const theirs = await ownedBy(t, u.kind, owner);
  const mine = await ownedBy(t, u.kind, viewer);
  const leaked = (ids as number[]).filter((id) => theirs.has(id) && !mine.has(id));
  if (leaked.length) throw new Error(`company ${viewer} sees ${leaked.length} ${u.kind} row(s) of company ${owner}: ${leaked.join(', ')}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Ids of the requests, read with the endpoint's schemas
// ---------------------------------------------------------------------------------------------------------------

type Part = 'params' | 'query' | 'body';
export interface IdOf {
  part: Part;
  field: IdField;
}
/** Kinds that name a row of a system-wide list, not of a company. */
const SYSTEM_KINDS = new Set<RefKind>(['profil', 'logiciel']);
/** Path parameters that are numbers but name no row (an order, a software of the system-wide list). */
const NOT_A_ROW_PARAMS = new Set(['etapeOrdre', 'logicielId']);

/**
 * The fields of an endpoint's input that name a company's row: marked references and targets (`ref`, `refs`,
 * `target`, `targets`) of a company kind, path parameters, and the top-level `id` of a query or body (`IdBody`).
 */
export function companyIdFields(e: AnyEndpoint): IdOf[] {
  const out: IdOf[] = [];
  for (const part of ['params', 'query', 'body'] as const) {
    for (const field of fieldsOf(e[part])) {
      const m = field.meta;
      const named = m
        ? !(m.kind && SYSTEM_KINDS.has(m.kind))
        : (part === 'params' && !NOT_A_ROW_PARAMS.has(field.name)) || field.path === 'id';
      if (named) out.push({ part, field });
    }
  }
  return out;
}

/** The values at a field path of `fieldsOf` (`a.b`, `ids[]`, `items[].id`, `x{}`) in a raw input. */
function valuesAt(value: unknown, path: string): unknown[] {
  let cur: unknown[] = [value];
  for (const seg of path.split('.')) {
    const m = seg.match(/^([^[{]*)((?:\[\]|\{\})*)$/);
    const key = m?.[1] ?? seg;
    const walks = m?.[2] ?? '';
    cur = cur.flatMap((v) => (v && typeof v === 'object' && key in v ? [(v as Record<string, unknown>)[key]] : []));
    for (const w of walks.match(/\[\]|\{\}/g) ?? []) {
      cur = cur.flatMap((v) => (w === '[]' ? (Array.isArray(v) ? v : []) : v && typeof v === 'object' ? Object.values(v) : []));
    }
  }
  return cur;
}

/** The raw params, query and body of a call, read against an endpoint's path. */
export function inputsOf(e: AnyEndpoint, c: Call): Record<Part, unknown> {
  const u = new URL(c.url, 'http://matrix');
  const names: string[] = [];
  const pattern = e.path.replace(/\{(\w+)\}/g, (_, n: string) => {
    names.push(n);
    return '([^/]+)';
  });
  const m = u.pathname.match(new RegExp(`^${pattern}$`));
  const params = Object.fromEntries(names.map((n, i) => [n, m ? decodeURIComponent(m[i + 1]) : undefined]));
  const query: Record<string, unknown> = {};
  for (const k of new Set(u.searchParams.keys())) {
    const all = u.searchParams.getAll(k);
    query[k] = all.length > 1 ? all : all[0];
  }
  return { params, query, body: c.body };
}

/** The ids of company rows a call names, with the kind each field declares (null when unmarked). */
export function idsOfCall(e: AnyEndpoint, c: Call): { kind: RefKind | null; id: number; where: string }[] {
  const inputs = inputsOf(e, c);
  return companyIdFields(e).flatMap(({ part, field }) =>
    valuesAt(inputs[part], field.path)
      .map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v))
      .filter((v): v is number => Number.isInteger(v) && (v as number) > 0)
      .map((id) => ({ kind: field.meta?.kind ?? null, id, where: `${part}.${field.path}` })),
  );
}

/** Tables of the kinds a reference names, to find who owns an id (kinds of the partners: the company itself). */
const OWNER_TABLE: Partial<Record<RefKind, string>> = {
  utilisateur: 'utilisateur',
  personne: 'utilisateur',
  service: 'service_modele',
  workflow: 'process_modele',
  etape: 'etape',
  metrique: 'metrique',
  process: 'process',
  menuItem: 'menu_item',
  tableau: 'tableau',
  filtre: 'filtre',
  groupe: 'entreprise_groupe',
  equipement: 'equipement',
  activite: 'equipement_activite',
  localisation: 'localisation',
  risque: 'risque',
  risqueFamille: 'risque_famille',
  habilitation: 'habilitation',
  titreHabilitation: 'titre_habilitation',
  visiteMedicale: 'visite_medicale',
};
const COMPANY_KINDS = new Set<RefKind>(['entreprise', 'prestataire', 'fournisseur']);

/** The company owning a row named by a reference kind (null: no such row, or a kind without a known table). */
export async function ownerOf(t: TestApp, kind: RefKind, id: number): Promise<number | null | undefined> {
  if (COMPANY_KINDS.has(kind)) return (await rowsOf(t, `select id from entreprise where id = ${Math.trunc(id)}`))[0] ?? null;
  const table = OWNER_TABLE[kind];
  if (!table) return undefined;
  return (await rowsOf(t, `select entreprise_id as id from ${table} where id = ${Math.trunc(id)}`))[0] ?? null;
}

/** One row of `kind` a company owns (the lowest id), to name in another company's request. */
export async function anyOwned(t: TestApp, kind: OwnedKind, company: number): Promise<number> {
  const ids = [...(await ownedBy(t, kind, company))].sort((a, b) => a - b);
  if (!ids.length) throw new Error(`company ${company} owns no ${kind}`);
  return ids[0];
}

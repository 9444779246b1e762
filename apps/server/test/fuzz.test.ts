import { type AnyEndpoint, allEndpoints } from '@app/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Actor, ENGINE, startTestApp, type TestApp } from './harness.ts';

/*
 * Property-based test generated from the endpoint declarations (issue 10, item 2): every endpoint gets random
 * inputs built from its own zod schemas (through their JSON Schema) mixed with hostile values, sent as a signed-in
 * admin (Acme's admin and the super admin); no answer may be a 5xx. Fixed seed and bounded count in `npm test`;
 * `FUZZ_RUNS=N` (runs per endpoint) and `FUZZ_SEED=S` to search further.
 *
 * The actors stay meaningful through the run: calls that may sign them out, disable them, change their profile,
 * permissions, company or authentication modes run last, and the actors' rows (user, company, menu, permissions,
 * sessions, sign-in attempts) are restored after each of them; a 401 signs the actor in again. The test asserts
 * that almost every call was made signed in. Delete endpoints never receive the actors' own user or company ids
 * (a deletion cannot be restored).
 */

// PGlite serves one request at a time, about three times slower here: fewer runs by default.
const RUNS = Number(process.env.FUZZ_RUNS ?? (ENGINE === 'pglite' ? 12 : 30));
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const ACTORS = ['acmeAdmin', 'superadmin'] as const satisfies readonly Actor[];

/** Endpoints left out, with the reason. */
const EXCLUDED: Record<string, string> = {
  // A server-sent-events stream never ends: an injected request would wait forever (tested in live.test.ts).
  'GET /api/v2/process/events': 'flux SSE sans fin',
};

type Json = Record<string, unknown>;
type Pools = Record<string, number[]>;

interface Ctx {
  /** Name of the property being generated (picks the pool of ids). */
  field: string;
  /** The table the endpoint's bare `id` names, guessed from its path. */
  idTable: string | null;
  pools: Pools;
  /** Ids never sent (delete endpoints: the actors' own user and companies). */
  protect: Set<number>;
  /** Hostile values at the leaves. */
  dirty: boolean;
  root: Json;
}

// ---- id pools: real ids of the demo data, so that inputs reach the handlers, not only the 404s ----

const ID_TABLES = [
  'entreprise',
  'utilisateur',
  'service_modele',
  'profil_modele',
  'logiciel',
  'entreprise_groupe',
  'menu_item',
  'permission',
  'equipment_permission',
  'process_modele',
  'etape',
  'metrique',
  'etape_autorisation',
  'process',
  'process_file',
  'process_sequencing',
  'tableau',
  'filtre',
  'affichage',
  'habilitation',
  'titre_habilitation',
  'visite_medicale',
  'process_habilitation',
] as const;

/** The table a field names, from its name. */
function tableOfField(field: string): string | null {
  const f = field.toLowerCase();
  if (/^(processmodeleids?|workflows|workflowmodelstocreate)$/.test(f)) return 'process_modele';
  if (/^(etapeids?|etape_id|step_id|targetid)$/.test(f)) return 'etape';
  if (/^(metriqueids?|metrique_id|metriques)$/.test(f)) return 'metrique';
  if (/^(processids?|process_id|lockedbyprocessid|parentid)$/.test(f)) return 'process';
  if (/^(utilisateurids?|userid|user_ids?|preparateurids|personneencharge)$/.test(f)) return 'utilisateur';
  if (/^(entrepriseids?|entreprise_ids?|prestataireids|clientid)$/.test(f)) return 'entreprise';
  if (/^profilids?$/.test(f)) return 'profil_modele';
  if (f === 'serviceid') return 'service_modele';
  if (f === 'tableauid') return 'tableau';
  if (f === 'filtreid') return 'filtre';
  if (f === 'logicielid') return 'logiciel';
  if (f === 'itemid') return 'menu_item';
  if (f === 'groupeids') return 'entreprise_groupe';
  if (/^(habilitationids?|couvreids)$/.test(f)) return 'habilitation';
  return null;
}

/** The table the bare `id` of an endpoint names, from its path. */
function tableOfPath(path: string): string | null {
  const rules: [RegExp, string][] = [
    [/titre_habilitation/, 'titre_habilitation'],
    [/visite_medicale/, 'visite_medicale'],
    [/process_habilitation/, 'process_habilitation'],
    [/\/v2\/habilitation\//, 'habilitation'],
    [/changeRole|profil/, 'profil_modele'],
    [/service_modele|fetchServiceModeles/, 'service_modele'],
    [/entreprise_groupe/, 'entreprise_groupe'],
    [/user_entreprise|get_utilisateurs|Habilitations|lock_unlock|entreprise\//, 'entreprise'],
    [/equipment_permission/, 'equipment_permission'],
    [/permission/, 'permission'],
    [/utilisateur|getUser/, 'utilisateur'],
    [/etape_autorisation/, 'etape_autorisation'],
    [/metrique/, 'metrique'],
    [/etape|step/, 'etape'],
    [/workflow/, 'process_modele'],
    [/_file/, 'process_file'],
    [/sequencing/, 'process_sequencing'],
    [/filtre/, 'filtre'],
    [/affichage/, 'affichage'],
    [/tableau/, 'tableau'],
    [/process/, 'process'],
  ];
  return rules.find(([re]) => re.test(path))?.[1] ?? null;
}

function idArb(ctx: Ctx): fc.Arbitrary<number> {
  const table = ctx.field === 'id' || ctx.field === 'ids' ? ctx.idTable : tableOfField(ctx.field);
  const all = Object.values(ctx.pools).flat();
  const allowed = (xs: number[]) => xs.filter((x) => !ctx.protect.has(x));
  const own = allowed(table ? (ctx.pools[table] ?? []) : []);
  const any = allowed(all);
  const arbs: fc.WeightedArbitrary<number>[] = [{ weight: 1, arbitrary: fc.constantFrom(999_999, 2_147_483_647) }];
  if (own.length) arbs.push({ weight: 6, arbitrary: fc.constantFrom(...own) });
  if (any.length) arbs.push({ weight: 2, arbitrary: fc.constantFrom(...any) });
  return fc.oneof(...arbs);
}

// ---- hostile values ----

const deep = (depth: number, leaf: unknown = 1, asArray = false): unknown => {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
};
const NUL_STRINGS = ['\u0000', 'a\u0000b', 'Nom\u0000'];
const ODD_STRINGS = [
  '',
  ' ',
  '\ud800',
  '😀'.repeat(50),
  "' or 1=1 --",
  '%_\\',
  '../../etc/passwd',
  '<script>x</script>',
  'null',
  '__proto__',
  '١٢٣',
  'ÉÈÀÇ œ',
];
const WRONG_TYPES: unknown[] = [null, true, 0, -1, 1.5, 'abc', [], {}, [1, 'a'], { id: 1 }];
const ODD_NUMBERS: unknown[] = [
  0,
  -1,
  -2_147_483_649,
  2_147_483_648,
  9_007_199_254_740_992,
  1e308,
  -1e308,
  1.5,
  0.1,
  '12',
  ' 7 ',
  '1e3',
  'abc',
  '',
  null,
  true,
];

function hostileString(s: Json): fc.Arbitrary<unknown> {
  const max = typeof s.maxLength === 'number' ? s.maxLength : 1000;
  return fc.oneof(
    fc.constantFrom(...NUL_STRINGS),
    fc.string({ maxLength: 20 }).map((x) => `${x}\u0000${x}`),
    fc.constantFrom('x'.repeat(Math.min(max + 1, 300_000)), 'é'.repeat(Math.min(max + 1, 100_000)), 'x'.repeat(100_000)),
    fc.constantFrom(...ODD_STRINGS),
    fc.constantFrom(...WRONG_TYPES),
  );
}

function hostileAny(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(deep(3000), deep(3000, 1, true), deep(200), { 'a\u0000b': 1 }, { '': 1, __proto__x: 2 }, 'x'.repeat(200_000)),
    fc.constantFrom(...NUL_STRINGS, ...WRONG_TYPES),
    fc.dictionary(
      fc.string({ maxLength: 5 }).map((k) => `${k}\u0000`),
      fc.jsonValue({ maxDepth: 1 }),
      { maxKeys: 2, minKeys: 1 },
    ),
  );
}

function hostileFor(s: Json): fc.Arbitrary<unknown> {
  const type = s.type;
  if (type === 'string') return hostileString(s);
  if (type === 'integer' || type === 'number') return fc.constantFrom(...ODD_NUMBERS);
  if (type === 'boolean') return fc.constantFrom('true', 1, null, 'oui');
  if (type === 'array') {
    const over = (typeof s.maxItems === 'number' ? s.maxItems : 100) + 1;
    return fc.oneof(
      fc.constantFrom(
        [null],
        [[]],
        deep(500, 1, true),
        Array.from({ length: Math.min(over, 20_000) }, () => 1),
        {},
        'x',
      ),
      hostileAny(),
    );
  }
  if (type === 'object') return fc.oneof(fc.constantFrom({}, [], null, 'x', deep(3000)), hostileAny());
  return hostileAny();
}

// ---- JSON Schema → arbitrary ----

const TEXT = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom('Maintenance', 'Consignation ligne 2', 'Permis de feu', 'Acme', 'a', 'ab') },
);

function stringArb(s: Json, ctx: Ctx): fc.Arbitrary<string> {
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Number.POSITIVE_INFINITY;
  const fits = (x: string) => x.length >= min && x.length <= max;
  if (s.format === 'date-time')
    return fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'email' || /mail/i.test(ctx.field))
    return fc.oneof(fc.emailAddress(), fc.constantFrom('admin@acme.demo.fr', 'superadmin@demo.fr'));
  if (typeof s.pattern === 'string') {
    // Patterns of the contracts are anchored; a long match is cut to the maximum (and may then fail: also useful).
    return fc.stringMatching(new RegExp(s.pattern)).map((x) => (x.length > max ? x.slice(0, max) : x));
  }
  const arbs: fc.Arbitrary<string>[] = [TEXT.filter(fits), fc.string({ minLength: min, maxLength: Math.min(max, min + 40) })];
  if (Number.isFinite(max) && max <= 5000) arbs.push(fc.constant('é'.repeat(max)), fc.constant('x'.repeat(max)));
  return fc.oneof(...arbs);
}

function numberArb(s: Json, ctx: Ctx): fc.Arbitrary<number> {
  const integer = s.type === 'integer';
  const lo =
    typeof s.minimum === 'number'
      ? s.minimum
      : typeof s.exclusiveMinimum === 'number'
        ? s.exclusiveMinimum + (integer ? 1 : 1e-9)
        : undefined;
  const hi =
    typeof s.maximum === 'number'
      ? s.maximum
      : typeof s.exclusiveMaximum === 'number'
        ? s.exclusiveMaximum - (integer ? 1 : 1e-9)
        : undefined;
  if (integer && lo === 1 && (hi === undefined || hi > 1e6)) return idArb(ctx);
  if (integer) {
    const a = Math.max(lo ?? -1000, Number.MIN_SAFE_INTEGER);
    const b = Math.min(hi ?? 1000, Number.MAX_SAFE_INTEGER);
    return fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: a, max: Math.min(b, a + 50) }) },
      { weight: 1, arbitrary: fc.integer({ min: a, max: b }) },
    );
  }
  return fc.double({ min: lo ?? -1e9, max: hi ?? 1e9, noNaN: true, noDefaultInfinity: true });
}

function objectArb(s: Json, ctx: Ctx): fc.Arbitrary<unknown> {
  const props = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required ?? []) as string[]);
  const keys = Object.keys(props);
  const record = keys.length
    ? fc.record(Object.fromEntries(keys.map((k) => [k, arb(props[k], { ...ctx, field: k })])), {
        requiredKeys: keys.filter((k) => required.has(k)),
      })
    : fc.constant({});
  const extra = s.additionalProperties;
  if (extra && typeof extra === 'object') {
    const names = (s.propertyNames ?? { type: 'string', maxLength: 20 }) as Json;
    // Keys that are field ids (a process's values): mostly real fields, so the values reach their checks.
    const keys =
      names.pattern === '^\\d+$'
        ? fc.oneof(idArb({ ...ctx, field: 'metriqueId' }).map(String), arb(names, ctx) as fc.Arbitrary<string>)
        : (arb(names, { ...ctx, field: 'key' }) as fc.Arbitrary<string>);
    const dict = fc.dictionary(keys, arb(extra as Json, { ...ctx, field: 'value' }), { maxKeys: 4 });
    return fc.tuple(record, dict).map(([r, d]) => ({ ...d, ...(r as Json) }));
  }
  return record;
}

function validArb(s: Json, ctx: Ctx): fc.Arbitrary<unknown> {
  if (typeof s.$ref === 'string') {
    const name = s.$ref.split('/').pop() as string;
    const defs = (ctx.root.$defs ?? ctx.root.definitions ?? {}) as Record<string, Json>;
    return fc.constant(null).chain(() => arb(defs[name] ?? {}, ctx));
  }
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) return fc.oneof(...((s.anyOf ?? s.oneOf) as Json[]).map((x) => arb(x, ctx)));
  if (Array.isArray(s.allOf)) return arb(s.allOf[0] as Json, ctx);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if (Array.isArray(s.type)) return fc.oneof(...(s.type as string[]).map((type) => arb({ ...s, type }, ctx)));
  switch (s.type) {
    case 'string':
      return stringArb(s, ctx);
    case 'integer':
    case 'number':
      return numberArb(s, ctx);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 0;
      const max = Math.min(typeof s.maxItems === 'number' ? s.maxItems : 4, min + 4);
      return fc.array(arb((s.items ?? {}) as Json, ctx), { minLength: min, maxLength: max });
    }
    case 'object':
      return objectArb(s, ctx);
    default:
      // Any JSON value (z.unknown(), catchall values).
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value for a schema; with `dirty`, sometimes a hostile one instead. */
function arb(s: Json, ctx: Ctx): fc.Arbitrary<unknown> {
  const valid = validArb(s, ctx);
  if (!ctx.dirty) return valid;
  return fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: hostileFor(s) });
}

// ---- one endpoint's inputs ----

interface Input {
  params?: Json;
  query?: Json;
  body?: unknown;
  /** A raw body instead of JSON (malformed JSON, another content type). */
  raw?: { payload: string; contentType: string };
}

const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;

function inputArb(e: AnyEndpoint, pools: Pools, protect: Set<number>): fc.Arbitrary<Input> {
  const idTable = tableOfPath(e.path);
  const part = (schema: z.ZodType | undefined, dirty: boolean): fc.Arbitrary<unknown> => {
    if (!schema) return fc.constant(undefined);
    const root = jsonSchemaOf(schema);
    return arb(root, { field: '', idTable, pools, protect, dirty, root });
  };
  const build = (dirty: boolean) =>
    fc.record({ params: part(e.params, dirty), query: part(e.query, dirty), body: part(e.body, dirty) }).map((x) => x as Input);
  const clean = build(false);
  const dirty = build(true);
  const sendsBody = e.method === 'POST' || e.method === 'PUT' || Boolean(e.body);
  const hasId = Boolean(e.body && (jsonSchemaOf(e.body).properties as Json | undefined)?.id);
  // Whole-input hostile values: the body is replaced, or holds only an id (an update with nothing to change).
  const idOnly = fc.record({ id: idArb({ field: 'id', idTable, pools, protect, dirty: false, root: {} }) });
  const hostileBody = fc.oneof(
    fc.constantFrom<unknown>({}, [], null, 'texte', 42, true, deep(3000), { 'a\u0000b': 'x' }, { id: 1 }),
    idOnly,
    hostileAny(),
  );
  const raw = fc.constantFrom(
    { payload: '{"id": 1,', contentType: 'application/json' },
    { payload: 'id=1', contentType: 'text/plain' },
    { payload: '\u0000', contentType: 'application/json' },
    { payload: '{"a":1}', contentType: 'application/x-www-form-urlencoded' },
    // Deeper than any recursive walk survives, within the default body limit.
    { payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, contentType: 'application/json' },
    { payload: `${'{"a":'.repeat(40_000)}1${'}'.repeat(40_000)}`, contentType: 'application/json' },
  );
  const arbs: fc.WeightedArbitrary<Input>[] = [
    { weight: 6, arbitrary: clean },
    { weight: 4, arbitrary: dirty },
  ];
  if (sendsBody) {
    arbs.push({ weight: 1, arbitrary: fc.tuple(clean, hostileBody).map(([i, body]) => ({ ...i, body })) });
    if (hasId) arbs.push({ weight: 1, arbitrary: fc.tuple(clean, idOnly).map(([i, body]) => ({ ...i, body })) });
    arbs.push({ weight: 1, arbitrary: fc.tuple(clean, raw).map(([i, r]) => ({ ...i, body: undefined, raw: r })) });
  }
  return fc.oneof(...arbs);
}

function urlOf(e: AnyEndpoint, input: Input): string {
  const params = (input.params ?? {}) as Json;
  const path = e.path.replace(/\{(\w+)\}/g, (_, k: string) =>
    encodeURIComponent(typeof params[k] === 'object' ? JSON.stringify(params[k]) : String(params[k] ?? '')),
  );
  const q = new URLSearchParams();
  if (input.query && typeof input.query === 'object' && !Array.isArray(input.query)) {
    for (const [k, v] of Object.entries(input.query as Json)) {
      if (v === undefined) continue;
      if (Array.isArray(v)) for (const x of v) q.append(k, typeof x === 'object' ? JSON.stringify(x) : String(x));
      else q.append(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
    }
  }
  const qs = q.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Shortens long strings and deep values for the report. */
function show(v: unknown): string {
  const seen = (x: unknown, depth: number): unknown => {
    if (typeof x === 'string') return x.length > 80 ? `${x.slice(0, 40)}…(${x.length} car.)` : x;
    if (depth > 6) return '…(profond)';
    if (Array.isArray(x))
      return x.length > 10
        ? [...x.slice(0, 5).map((y) => seen(y, depth + 1)), `…(${x.length} éléments)`]
        : x.map((y) => seen(y, depth + 1));
    if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, y]) => [k, seen(y, depth + 1)]));
    return x;
  };
  return JSON.stringify(seen(v, 0));
}

// ---- the run ----

let t: TestApp;
let pools: Pools = {};
const stats = { calls: 0, byStatus: new Map<number, number>(), unauthenticated: 0, relogins: 0, restores: 0 };
let restoreSql: string[] = [];

/** Calls that may change the actors themselves (session, user, company, menu, permissions): run last, then restored. */
function touchesActors(e: AnyEndpoint): boolean {
  if (e.path === '/api/auth/clear_cookie' || e.path.startsWith('/api/changeRole/')) return true;
  if (e.method === 'GET') return false;
  if (e.access.kind !== 'ability') return true;
  return ['Utilisateur', 'Entreprise', 'EntrepriseSetting', 'Permission', 'MenuItem', 'ProfilModele'].includes(e.access.subject);
}
const isDelete = (e: AnyEndpoint) => e.method === 'DELETE' || /delete/i.test(e.path);

async function system(statement: string) {
  return t.server.database.db.transaction(async (tx) => tx.execute(sql.raw(statement)));
}
const rowsOf = (res: unknown) => (res as { rows: Json[] }).rows;

async function snapshotActors() {
  const users = [t.ids.user.acmeAdmin, t.ids.user.superadmin].join(',');
  const companies = [t.ids.acme, t.ids.support].join(',');
  const cols = async (table: string, skip: string[]) =>
    rowsOf(
      await system(
        `select column_name from information_schema.columns where table_schema = current_schema() and table_name = '${table}' order by ordinal_position`,
      ),
    )
      .map((r) => `"${r.column_name as string}"`)
      .filter((c) => !skip.includes(c));
  const restoreById = async (table: string, where: string, skip: string[] = []) => {
    await system(`drop table if exists fuzz_snap_${table}`);
    await system(`create table fuzz_snap_${table} as select * from ${table} where ${where}`);
    const c = (await cols(table, ['"id"', ...skip])).join(', ');
    return `update ${table} t set (${c}) = (select ${c} from fuzz_snap_${table} s where s.id = t.id) where t.id in (select id from fuzz_snap_${table})`;
  };
  restoreSql = [
    await restoreById('utilisateur', `id in (${users})`),
    await restoreById('entreprise', `id in (${companies})`, ['"permission_version"']),
    await restoreById('entreprise_logiciel', `entreprise_id in (${companies})`),
    await restoreById('menu_item', `entreprise_id in (${companies})`),
  ];
  await system('drop table if exists fuzz_snap_permission');
  await system(`create table fuzz_snap_permission as select * from permission where entreprise_id in (${companies})`);
  restoreSql.push(
    `delete from permission where entreprise_id in (${companies})`,
    'insert into permission select * from fuzz_snap_permission',
    // Rights are cached by permission version: a bump makes the restored ones count at once.
    `update entreprise set permission_version = permission_version + 1 where id in (${companies})`,
    `update session set profil_modele_id = null, mfa_pending = false, support_access_id = null where utilisateur_id in (${users})`,
    'delete from login_attempt',
  );
}

async function restoreActors() {
  stats.restores++;
  await t.server.database.db.transaction(async (tx) => {
    for (const s of restoreSql) await tx.execute(sql.raw(s));
  });
}

async function loadPools(): Promise<Pools> {
  const out: Pools = {};
  for (const table of ID_TABLES) {
    out[table] = rowsOf(await system(`select id from ${table} order by id limit 150`)).map((r) => Number(r.id));
  }
  return out;
}

async function send(actor: Actor, e: AnyEndpoint, input: Input) {
  const url = urlOf(e, input);
  const once = async () => {
    const headers: Record<string, string> = { cookie: await t.cookieOf(actor) };
    let payload: string | undefined;
    if (input.raw) {
      payload = input.raw.payload;
      headers['content-type'] = input.raw.contentType;
    } else if (input.body !== undefined && (e.method === 'POST' || e.method === 'PUT' || e.body)) {
      payload = JSON.stringify(input.body);
      headers['content-type'] = 'application/json';
    }
    return t.server.app.inject({ method: e.method, url, headers, ...(payload !== undefined ? { payload } : {}) });
  };
  let res = await once();
  if (res.statusCode === 401 && e.access.kind !== 'public') {
    // Signed out by an earlier call (clear_cookie, a disabled account…): sign in again and retry once.
    stats.relogins++;
    t.forget(actor);
    await restoreActors();
    res = await once();
    if (res.statusCode === 401) stats.unauthenticated++;
  }
  stats.calls++;
  stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
  return res;
}

const failures: string[] = [];

async function fuzz(e: AnyEndpoint, protect: Set<number>) {
  const restore = touchesActors(e);
  const property = fc.asyncProperty(fc.constantFrom(...ACTORS), inputArb(e, pools, protect), async (actor, input) => {
    let res: Awaited<ReturnType<typeof send>>;
    try {
      res = await send(actor, e, input);
    } finally {
      if (restore) await restoreActors();
    }
    if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
    // Every refusal is the product's JSON: a French message and a code.
    if (res.statusCode >= 400) {
      let body: Json | null = null;
      try {
        body = res.json();
      } catch {}
      if (typeof body?.message !== 'string' || typeof body?.code !== 'string')
        throw new Error(`${res.statusCode} sans { message, code } : ${res.body.slice(0, 300)}`);
    }
  });
  // One seed per endpoint (from the run's seed), so that endpoints do not all draw the same sequence.
  const key = `${e.method} ${e.path}`;
  let h = SEED;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  const out = await fc.check(property, { seed: h, numRuns: RUNS });
  if (out.failed) {
    const [actor, input] = out.counterexample ?? [];
    failures.push(
      `${e.method} ${e.path} en ${actor} : ${show(input)} → ${out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance)}`,
    );
  }
}

describe('fuzz: no input gets a 5xx', () => {
  beforeAll(async () => {
    t = await startTestApp();
    pools = await loadPools();
    await snapshotActors();
    for (const a of ACTORS) await t.cookieOf(a);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every endpoint answers every generated input without a 5xx', { timeout: 600_000 }, async () => {
    const started = Date.now();
    const endpoints = allEndpoints().filter((e) => !EXCLUDED[`${e.method} ${e.path}`]);
    // Ordinary endpoints first, then deletions, then what changes the actors themselves.
    const rank = (e: AnyEndpoint) => (touchesActors(e) ? 2 : isDelete(e) ? 1 : 0);
    const ordered = [...endpoints].sort((a, b) => rank(a) - rank(b));
    const own = new Set([t.ids.user.acmeAdmin, t.ids.user.superadmin, t.ids.acme, t.ids.support]);
    for (const e of ordered) await fuzz(e, isDelete(e) ? own : new Set());

    const byStatus = Object.fromEntries([...stats.byStatus].sort(([a], [b]) => a - b));
    console.log(
      `fuzz: ${ordered.length} endpoints, ${stats.calls} appels en ${Math.round((Date.now() - started) / 1000)} s (graine ${SEED}, ${RUNS} par endpoint) ; statuts ${JSON.stringify(byStatus)} ; reconnexions ${stats.relogins}, restaurations ${stats.restores}`,
    );
    expect(failures, failures.join('\n')).toEqual([]);
    // The run means something only if the calls were really made signed in, and many reached a handler.
    expect(stats.unauthenticated / stats.calls).toBeLessThan(0.02);
    const ok = [...stats.byStatus].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0);
    expect(ok / stats.calls).toBeGreaterThan(0.15);
  });
});

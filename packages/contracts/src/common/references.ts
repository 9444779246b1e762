import { z } from 'zod';

/**
 * What an id of an input may name. For the kinds the platform checks, the rule is the checker's (registered by the
 * module owning the table, apps/server/src/server.ts REFERENCES):
 * - utilisateur: a person of the caller's company; personne: of the caller's company or of one of its partners;
 * - prestataire / fournisseur: a partner company linked to the caller's company with that type; entreprise: the
 *   caller's company or one of its partners;
 * - service, workflow, etape, metrique, process, menuItem, tableau, filtre, groupe: a row of the caller's company;
 * - profil, logiciel: a row of the system-wide list.
 */
export const REF_KINDS = [
  'utilisateur',
  'personne',
  'prestataire',
  'fournisseur',
  'entreprise',
  'service',
  'profil',
  'logiciel',
  'workflow',
  'etape',
  'metrique',
  'process',
  'menuItem',
  'tableau',
  'filtre',
  'groupe',
  /** The item of a permission entry: a menu item, a workflow, a board... according to the entry's type. */
  'permissionItem',
  // The registry (ticket 13): an equipment the caller may read (its rights on the subtree), a location, a risk and its
  // family, a gamme, a point of a gamme model, a manoeuvre state, an equipment activity, all of the caller's company.
  'equipement',
  'localisation',
  'risque',
  'risqueFamille',
  'gamme',
  'gammeMetrique',
  'etatManoeuvre',
  'activite',
  // Habilitations (ticket 14): a symbol of the company's catalogue; titles and medical visits are only targets.
  'habilitation',
  'titreHabilitation',
  'visiteMedicale',
] as const;
export type RefKind = (typeof REF_KINDS)[number];

/**
 * How an id field of an input is checked:
 * - reference: by the platform, before the handler, in the request's transaction (400 naming the field);
 * - handler: a reference the handler checks itself (a stricter rule, or another company a super admin scopes to);
 * - target: the row the call acts on, reads or writes into, loaded by the handler under row-level security (404).
 */
export type RefCheck = 'reference' | 'handler' | 'target';
export interface RefMeta {
  kind: RefKind | null;
  check: RefCheck;
}

/** Where the id fields of the contracts are recorded (read by the server and the tests, never sent). */
export const refRegistry = z.registry<RefMeta>();

/** The shape of `Id` (common/schemas.ts, which uses these helpers): a positive integer, from a number or a numeric string. */
const marked = (meta: RefMeta) => z.coerce.number().int().positive().register(refRegistry, meta);

/** An id naming a row of `kind` that the caller must be allowed to reference (checked by the platform unless `by` the handler). */
export function ref(kind: RefKind, by: 'platform' | 'handler' = 'platform') {
  return marked({ kind, check: by === 'platform' ? 'reference' : 'handler' });
}
/** A list of ids, each a `ref(kind, by)`. */
export function refs(kind: RefKind, by: 'platform' | 'handler' = 'platform') {
  return z.array(ref(kind, by));
}
/** The id of the row the call acts on, reads or writes into (not a reference: the handler loads it, 404). */
export function target(kind: RefKind | null = null) {
  return marked({ kind, check: 'target' });
}
/** A list of ids, each a `target(kind)`. */
export function targets(kind: RefKind | null = null) {
  return z.array(target(kind));
}

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.core.$ZodType): Def => s._zod.def as unknown as Def;

/** A referenced id found in a value, with the field it sits in (`a.b` for objects, indexes for lists of objects). */
export interface FoundReference {
  champ: string;
  kind: RefKind;
  id: number;
}

const champOf = (path: (string | number)[]) => {
  const keys = [...path];
  // The ids of a list of references are reported under the list's name.
  while (keys.length && typeof keys[keys.length - 1] === 'number') keys.pop();
  return keys.join('.');
};

const hasRefs = new WeakMap<z.core.$ZodType, boolean>();
/** Whether a schema holds a platform-checked reference somewhere (cached; lets most inputs skip the walk). */
function holdsReferences(s: z.core.$ZodType, seen = new Set<z.core.$ZodType>()): boolean {
  const cached = hasRefs.get(s);
  if (cached !== undefined) return cached;
  if (seen.has(s)) return false;
  seen.add(s);
  const meta = refRegistry.get(s);
  const out = meta ? meta.check === 'reference' : children(s).some((c) => holdsReferences(c.schema, seen));
  hasRefs.set(s, out);
  return out;
}

/** The schemas a value of `s` is made of, with how to reach their part of the value. */
function children(s: z.core.$ZodType): { schema: z.core.$ZodType; key?: string; each?: 'item' | 'value' }[] {
  const d = defOf(s);
  switch (d.type) {
    case 'object':
      return Object.entries(d.shape as Record<string, z.core.$ZodType>).map(([key, schema]) => ({ schema, key }));
    case 'array':
      return [{ schema: d.element as z.core.$ZodType, each: 'item' }];
    case 'record':
      return [{ schema: d.valueType as z.core.$ZodType, each: 'value' }];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return [{ schema: d.innerType as z.core.$ZodType }];
    case 'pipe': {
      // The value walked is the parsed one: the output side, unless it is a transform (then the input's shape).
      const out = d.out as z.core.$ZodType;
      return [{ schema: defOf(out).type === 'transform' ? (d.in as z.core.$ZodType) : out }];
    }
    case 'lazy':
      return [{ schema: (d.getter as () => z.core.$ZodType)() }];
    case 'union':
      return (d.options as z.core.$ZodType[]).map((schema) => ({ schema }));
    case 'intersection':
      return [{ schema: d.left as z.core.$ZodType }, { schema: d.right as z.core.$ZodType }];
    default:
      return [];
  }
}

/** The platform-checked references a parsed value holds, according to its schema. */
export function referencesIn(schema: z.core.$ZodType | undefined, value: unknown): FoundReference[] {
  const out: FoundReference[] = [];
  if (schema && holdsReferences(schema)) walk(schema, value, [], out);
  return out;
}

function walk(s: z.core.$ZodType, value: unknown, path: (string | number)[], out: FoundReference[]): void {
  if (value === undefined || value === null || !holdsReferences(s)) return;
  const meta = refRegistry.get(s);
  if (meta) {
    if (meta.check === 'reference' && meta.kind && typeof value === 'number')
      out.push({ champ: champOf(path), kind: meta.kind, id: value });
    return;
  }
  const d = defOf(s);
  if (d.type === 'union') {
    // The option the value is of: the first that accepts it.
    const option = (d.options as z.core.$ZodType[]).find((o) => z.safeParse(o, value).success);
    if (option) walk(option, value, path, out);
    return;
  }
  for (const c of children(s)) {
    if (c.key !== undefined) {
      if (typeof value === 'object') walk(c.schema, (value as Record<string, unknown>)[c.key], [...path, c.key], out);
    } else if (c.each === 'item') {
      if (Array.isArray(value)) for (const [i, v] of value.entries()) walk(c.schema, v, [...path, i], out);
    } else if (c.each === 'value') {
      if (typeof value === 'object') for (const [k, v] of Object.entries(value as object)) walk(c.schema, v, [...path, k], out);
    } else {
      walk(c.schema, value, path, out);
    }
  }
}

/** An id field of a schema: its path (`a.b`, `[]` for list items, `{}` for record values) and how it is checked. */
export interface IdField {
  path: string;
  /** The field's last key (for a list of ids, the list's). */
  name: string;
  meta: RefMeta | null;
  /** A number schema that only takes positive integers (an id by its shape). */
  positiveInt: boolean;
}

/**
 * Every object field of a schema, with the references marked on it (tests use it to find the id fields of the
 * contracts that have no check). Lists are walked through (`ids[]`), so a list of ids is reported with its items.
 */
export function fieldsOf(schema: z.core.$ZodType | undefined): IdField[] {
  const out: IdField[] = [];
  // The schemas being visited (a recursive schema stops at itself); a shared one is visited at each place.
  const within = new Set<z.core.$ZodType>();
  const visit = (s: z.core.$ZodType, path: string, name: string) => {
    if (within.has(s)) return;
    const meta = refRegistry.get(s) ?? null;
    const d = defOf(s);
    if (meta || d.type === 'number') {
      const checks = ((d.checks ?? []) as z.core.$ZodCheck[]).map(
        (c) => c._zod.def as unknown as { check: string; value?: unknown; inclusive?: boolean },
      );
      const positiveInt = checks.some((c) => c.check === 'greater_than' && c.value === 0 && !c.inclusive);
      if (path) out.push({ path, name, meta, positiveInt });
      return;
    }
    within.add(s);
    for (const c of children(s)) {
      if (c.key !== undefined) visit(c.schema, path ? `${path}.${c.key}` : c.key, c.key);
      else if (c.each === 'item') visit(c.schema, `${path}[]`, name);
      else if (c.each === 'value') visit(c.schema, `${path}{}`, name);
      else visit(c.schema, path, name);
    }
    within.delete(s);
  };
  if (schema) visit(schema, '', '');
  return out;
}

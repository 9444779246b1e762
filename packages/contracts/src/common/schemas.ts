import { z } from 'zod';
import { targets } from './references.ts';

/** A numeric id, accepted as a number or a numeric string (path parameters). */
export const Id = z.coerce.number().int().positive();
export const IdParams = z.object({ id: Id });
export const IdBody = z.object({ id: Id });
/** The rows to put in this order (the rows acted on). */
export const IdsBody = z.object({ ids: targets().min(1) });
export const Message = z.object({ message: z.string() });
/** What the caller may do with a returned item (from the same ability the server authorizes with). */
export const Abilities = z.object({ read: z.boolean(), create: z.boolean(), update: z.boolean(), delete: z.boolean() });
export const Ok = z.object({ message: z.string(), id: z.number().int().optional() });

/** Offset paging as the spec uses it (offset, perPage). */
export const Paging = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  perPage: z.coerce.number().int().min(1).max(1000).default(100),
});

export function paged<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), offset: z.number().int(), perPage: z.number().int() });
}

/** A colour written #rrggbb. */
export const Couleur = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Couleur attendue au format #RRGGBB');
/** A date written YYYY-MM-DD. */
export const DateIso = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date attendue au format AAAA-MM-JJ');
export const Mail = z.string().trim().toLowerCase().max(254).pipe(z.email('Adresse e-mail invalide'));
/** Password policy: 10 characters or more, with a letter and a digit. */
export const Password = z
  .string()
  .min(10, 'Le mot de passe doit contenir au moins 10 caractères')
  .max(200)
  .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), 'Le mot de passe doit contenir au moins une lettre et un chiffre');

/** Usual maximum lengths of free texts in inputs (characters). */
export const TEXT_MAX = { code: 60, name: 255, comment: 4000 } as const;

/** Bounds of a free-form JSON value of an input: its size written as JSON (UTF-8 bytes) and its nesting depth. */
export interface JsonBounds {
  maxBytes: number;
  maxDepth: number;
}
/** Key of the JSON Schema (and OpenAPI) extension that documents the bounds of a free-form JSON value. */
export const JSON_BOUNDS_KEY = 'x-json-bounds';
/** The user's preferences (session settings), all together. */
export const SETTINGS_BOUNDS: JsonBounds = { maxBytes: 64 * 1024, maxDepth: 10 };
/** A configuration (workflow, step, board, field properties). */
export const CONFIG_BOUNDS: JsonBounds = { maxBytes: 64 * 1024, maxDepth: 10 };
/** One value compared in a condition or a filter criterion. */
export const VALUE_BOUNDS: JsonBounds = { maxBytes: 4 * 1024, maxDepth: 4 };

/** Nesting depth of a JSON value (a scalar 0, [] or {} 1), counted without recursion; stops once past `limit`. */
export function jsonDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    if (d + 1 > max) max = d + 1;
    if (max > limit) return max;
    for (const x of Array.isArray(v) ? v : Object.values(v)) stack.push([x, d + 1]);
  }
  return max;
}

/** Size in UTF-8 bytes of a value written as JSON. */
export function jsonBytes(value: unknown): number {
  const text = JSON.stringify(value) ?? '';
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

const kib = (bytes: number) => `${Math.round(bytes / 1024)} Kio`;

/**
 * Bounds a free-form JSON schema (z.unknown(), a record, an object with a catchall): refused with a French
 * message beyond `maxDepth` levels or `maxBytes`. The depth is checked first, so a very deep value is never
 * walked recursively. The bounds are written in the JSON Schema (`x-json-bounds`), where the test of the
 * contracts finds them.
 */
export function boundJson<T extends z.ZodType>(schema: T, bounds: JsonBounds): T {
  return schema
    .superRefine((value, ctx) => {
      if (value === undefined) return;
      if (jsonDepth(value, bounds.maxDepth) > bounds.maxDepth) {
        ctx.addIssue({ code: 'custom', message: `Contenu trop imbriqué (${bounds.maxDepth} niveaux au plus).` });
      } else if (jsonBytes(value) > bounds.maxBytes) {
        ctx.addIssue({ code: 'custom', message: `Contenu trop volumineux (${kib(bounds.maxBytes)} au plus).` });
      }
    })
    .meta({ [JSON_BOUNDS_KEY]: bounds });
}
/** Any JSON value, bounded. */
export const BoundedJson = (bounds: JsonBounds) => boundJson(z.unknown(), bounds);
/** A JSON object with free keys, bounded. */
export const BoundedJsonObject = (bounds: JsonBounds) => boundJson(z.record(z.string().max(TEXT_MAX.name), z.unknown()), bounds);

/** Message of an update that changes nothing. */
export const NOTHING_TO_CHANGE = 'Aucune modification demandée.';
/**
 * An update must change something: a body with nothing but its id (and the keys named in `ignored`, e.g. the
 * version it was read at) is refused with a French 400 instead of reaching the database with nothing to set.
 */
export function withChanges<T extends z.ZodObject>(schema: T, ignored: readonly string[] = ['id']): T {
  return schema.refine((v) => Object.entries(v as Record<string, unknown>).some(([k, x]) => x !== undefined && !ignored.includes(k)), {
    message: NOTHING_TO_CHANGE,
  });
}

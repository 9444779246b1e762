import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from '../endpoints.ts';
import { BoundedJson, BoundedJsonObject, JSON_BOUNDS_KEY, jsonBytes, jsonDepth, NOTHING_TO_CHANGE, withChanges } from './schemas.ts';

type Json = Record<string, unknown>;

/** An anchored pattern without unbounded repetition (`*`, `+`, `{n,}`) bounds the length by itself. */
function boundedPattern(p: string): boolean {
  if (!p.startsWith('^') || !p.endsWith('$')) return false;
  let inClass = false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '*' || c === '+' || (c === '{' && /^\{\d*,\}/.test(p.slice(i)))) return false;
  }
  return true;
}

/**
 * What an input schema leaves unbounded: a text without a maximum length, a free-form JSON value (unknown, a
 * record, an object with free keys) without `x-json-bounds` (boundJson) on it or on a value holding it.
 */
function unbounded(s: Json, path: string, out: string[]): void {
  if (!s || typeof s !== 'object' || s[JSON_BOUNDS_KEY]) return;
  for (const k of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(s[k])) for (const x of s[k] as Json[]) unbounded(x, path, out);
  if (Array.isArray(s.enum) || 'const' in s || s.$ref) return;
  const types = (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []) as string[];
  if (!types.length && !s.anyOf && !s.oneOf && !s.allOf) out.push(`${path} : JSON libre sans borne`);
  if (types.includes('string') && typeof s.maxLength !== 'number' && !(typeof s.pattern === 'string' && boundedPattern(s.pattern))) {
    out.push(`${path} : texte sans longueur maximale`);
  }
  if (types.includes('array')) unbounded((s.items ?? {}) as Json, `${path}[]`, out);
  if (types.includes('object')) {
    for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Json>)) unbounded(v, `${path}.${k}`, out);
    if (s.additionalProperties && typeof s.additionalProperties === 'object') out.push(`${path} : objet à clés libres sans borne`);
  }
}

describe('input bounds (issue 10, item 6)', () => {
  it('every text of an endpoint input has a maximum length, every free-form JSON value is bounded', () => {
    const out: string[] = [];
    for (const e of allEndpoints()) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = e[part];
        if (schema)
          unbounded(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json, `${e.method} ${e.path} ${part}`, out);
      }
    }
    expect(out, out.join('\n')).toEqual([]);
  });

  it('the walk finds what is unbounded', () => {
    const out: string[] = [];
    const s = z.object({
      a: z.string(),
      b: z.record(z.string(), z.unknown()),
      c: z.unknown(),
      d: z.string().max(3),
      e: z.string().regex(/^\d+$/),
      f: z.string().regex(/^\d{6}$/),
    });
    unbounded(z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as Json, 'x', out);
    expect(out).toEqual([
      'x.a : texte sans longueur maximale',
      'x.b : objet à clés libres sans borne',
      'x.c : JSON libre sans borne',
      'x.e : texte sans longueur maximale',
    ]);
    const bounded: string[] = [];
    unbounded(
      z.toJSONSchema(z.object({ b: BoundedJsonObject({ maxBytes: 10, maxDepth: 2 }).optional() }), { io: 'input' }) as Json,
      'x',
      bounded,
    );
    expect(bounded).toEqual([]);
  });

  it('bounded JSON refuses too deep or too big a value with a French message', () => {
    const s = BoundedJson({ maxBytes: 100, maxDepth: 3 });
    expect(s.safeParse({ a: [1, { b: 2 }] }).success).toBe(true);
    const deep = s.safeParse({ a: [[[1]]] });
    expect(deep.success).toBe(false);
    expect(deep.error?.issues[0].message).toBe('Contenu trop imbriqué (3 niveaux au plus).');
    const big = s.safeParse('x'.repeat(99));
    expect(big.error?.issues[0].message).toMatch(/^Contenu trop volumineux/);
    // A value far deeper than the stack allows is measured without recursion.
    let v: unknown = 1;
    for (let i = 0; i < 200_000; i++) v = [v];
    expect(jsonDepth(v, 10)).toBe(11);
    expect(s.safeParse(v).success).toBe(false);
  });

  it('measures JSON size in UTF-8 bytes and depth', () => {
    expect(jsonBytes({ a: 'é' })).toBe(10);
    expect(jsonBytes('😀')).toBe(6);
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth({ a: [{ b: null }] })).toBe(3);
  });

  it('an update with nothing to change is refused', () => {
    const s = withChanges(z.object({ id: z.number(), nom: z.string().optional(), version: z.number().optional() }), ['id', 'version']);
    expect(s.safeParse({ id: 1, nom: 'a' }).success).toBe(true);
    for (const body of [{ id: 1 }, { id: 1, version: 3 }]) {
      const r = s.safeParse(body);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe(NOTHING_TO_CHANGE);
    }
  });
});

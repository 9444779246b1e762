import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type AnyEndpoint, API, type AppAbility, abilityFor, accessAllows, allEndpoints } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/platform/db/tenant.ts';
import { type Actor, multipart, readStream, startTestApp } from './harness.ts';
import {
  ACTORS,
  type Build,
  type Call,
  companyIdFields,
  companyOf,
  type Exempt,
  expectUnseen,
  idsOfCall,
  type ModuleRows,
  type Other,
  otherAdminOf,
  ownedBy,
  ownerOf,
  type Row,
} from './matrix/kit.ts';

// ---------------------------------------------------------------------------------------------------------------
// The endpoint matrix. Each module writes its rows in test/matrix/<module>.matrix.ts (found by this runner: a new
// module adds its file, nothing else); the cases come from the endpoint declarations of @app/contracts:
// - 401 without a session for every endpoint that is not public;
// - 403 for an actor the endpoint's ability refuses (computed from each demo actor's rules), required for every rule
//   other than plain read;
// - another company's actor sending a request that names this company's rows (every endpoint taking an id of a
//   company's row): refused, or a 200 holding none of the owner's rows (checked against the database);
// - 400 on a bad input, and the success.
// One app for all, as the cases run in order and reuse the success request (built once per endpoint).
// ---------------------------------------------------------------------------------------------------------------

const key = (e: AnyEndpoint) => `${e.method} ${e.path}`;
const isExempt = (x: unknown): x is Exempt => typeof x === 'object' && x !== null && 'none' in x;

// The rows of every module file.
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'matrix');
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.matrix.ts'))
  .sort();
interface Placed {
  row: Row;
  file: string;
}
const rows = new Map<string, Placed>();
const duplicates: string[] = [];
const unknown: string[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { rows?: ModuleRows };
  for (const [m, byName] of Object.entries(mod.rows ?? {})) {
    for (const [name, row] of Object.entries(byName as Record<string, Row>)) {
      const e = (API as Record<string, Record<string, AnyEndpoint>>)[m]?.[name];
      if (!e) {
        unknown.push(`${file}: API.${m}.${name}`);
        continue;
      }
      if (rows.has(key(e))) duplicates.push(`${key(e)} (${rows.get(key(e))?.file}, ${file})`);
      rows.set(key(e), { row, file });
    }
  }
}
const nameOf = new Map<string, string>();
for (const [m, byName] of Object.entries(API))
  for (const [n, e] of Object.entries(byName)) nameOf.set(key(e as AnyEndpoint), `API.${m}.${n}`);

// One app for the whole matrix; the demo actors' abilities, as the server computes them at the start.
const t = await startTestApp();
afterAll(async () => {
  await t?.close();
});
const abilities = Object.fromEntries(
  await Promise.all(
    ACTORS.map(async (a) => {
      const r = await t.req(a, 'GET', '/api/getConnectedUser');
      if (r.statusCode !== 200) throw new Error(`getConnectedUser ${a}: ${r.statusCode} ${r.body}`);
      return [a, abilityFor(r.json().rules)] as const;
    }),
  ),
) as Record<Actor, AppAbility>;
const refuses = (e: AnyEndpoint, a: Actor) => !accessAllows(abilities[a], e.access);

/**
 * Who may be refused, the most privileged first (the refusal says the most): never the super admin; the success actor's
 * company before the others (then the refusal is the rule's, not the tenant's).
 */
const CANDIDATES: Actor[] = ['acmeAdmin', 'acmeResponsable', 'acmeTechnicien', 'betaAdmin', 'gammaUser'];
function plan403(e: AnyEndpoint, row: Row): { as: Actor; call?: Build; auto: boolean } | null {
  const f = row.forbidden;
  if (isExempt(f)) return null;
  if (f?.as) return { as: f.as, call: f.call, auto: false };
  const own = companyOf(t, row.ok.as);
  const order = [...CANDIDATES.filter((a) => companyOf(t, a) === own), ...CANDIDATES.filter((a) => companyOf(t, a) !== own)];
  const as = order.find((a) => refuses(e, a));
  return as ? { as, call: f?.call, auto: true } : null;
}

const takesIds = (e: AnyEndpoint) => companyIdFields(e).length > 0;
function planOther(e: AnyEndpoint, row: Row): (Other & { as: Actor })[] {
  const o = row.other;
  if (isExempt(o)) return [];
  const fallback = otherAdminOf(row.ok.as);
  const cases = o === undefined ? (takesIds(e) && fallback ? [{}] : []) : Array.isArray(o) ? o : [o];
  return cases.map((c) => ({ ...c, as: c.as ?? fallback ?? 'betaAdmin' }));
}

/** Sends a call as an actor (or anonymously): JSON, multipart when it carries a file, or a stream read until it is ready. */
async function send(as: Actor | null, method: string, c: Call) {
  if (c.stream) {
    const r = await readStream((await t.baseUrl()) + c.url, as ? await t.cookieOf(as) : null, (text) => text.includes('event: ready'));
    return { statusCode: r.status, body: r.text, json: () => (r.status === 200 ? { stream: r.text } : JSON.parse(r.text)) };
  }
  if (!c.file) return t.req(as, method, c.url, c.body);
  const m = multipart(c.file.name, c.file.mime, c.file.content);
  const headers: Record<string, string> = { 'content-type': m.contentType };
  if (as) headers.cookie = await t.cookieOf(as);
  return t.server.app.inject({ method: method as 'POST', url: c.url, headers, payload: m.body });
}

/**
 * A refusal of another company's request: 403, 404, or a 400 naming a field that carries one of the ids (« Référence
 * invalide » from the platform's reference check, or a handler's own message such as « Service inconnu »).
 */
function expectRefused(r: { statusCode: number; body: string }, named: { where: string }[]) {
  let refused = r.statusCode === 403 || r.statusCode === 404;
  if (r.statusCode === 400) {
    const b = JSON.parse(r.body) as { message: string; code: string; detail?: { champ?: string }[] };
    const fields = named.map((n) => n.where.replace(/^\w+\./, '').replace(/\[\]|\{\}/g, ''));
    const champs = (b.detail ?? []).map((d) => (d.champ ?? '').replace(/\.\d+(?=\.|$)/g, ''));
    refused =
      b.code === 'VALIDATION' &&
      (/^Références? invalides? :/.test(b.message) || champs.some((c) => fields.some((f) => f === c || f.startsWith(`${c}.`))));
  }
  expect(refused, `expected 403, 404 or 400 naming an id field, got ${r.statusCode} ${r.body.slice(0, 300)}`).toBe(true);
}

const once = <T>(f: () => Promise<T>) => {
  let p: Promise<T> | null = null;
  return () => (p ??= f());
};

describe('rows of the matrix', () => {
  it('every endpoint of the contracts has its row, in exactly one rows file of test/matrix', () => {
    const missing = allEndpoints()
      .filter((e) => !rows.has(key(e)))
      .map((e) => `${key(e)} (${nameOf.get(key(e))})`);
    expect(missing).toEqual([]);
    expect(duplicates).toEqual([]);
    expect(unknown).toEqual([]);
  });

  it('every endpoint whose rule is not plain read has a 403 case', () => {
    const lacking = allEndpoints()
      .filter((e) => e.access.kind === 'ability' && e.access.action !== 'read')
      .filter((e) => {
        const p = rows.get(key(e));
        return p && !plan403(e, p.row) && !isExempt(p.row.forbidden);
      })
      .map((e) => `${key(e)}: no demo actor is refused ${JSON.stringify(e.access)}; write its forbidden case`);
    expect(lacking).toEqual([]);
  });

  it('every endpoint that takes an id of a company row has an other-company case', () => {
    const lacking = allEndpoints()
      .filter((e) => takesIds(e))
      .filter((e) => {
        const p = rows.get(key(e));
        return p && !isExempt(p.row.other) && planOther(e, p.row).length === 0;
      })
      .map(
        (e) =>
          `${key(e)}: ${companyIdFields(e).map((f) => `${f.part}.${f.field.path}`)} (its success actor acts on every company: write its other case)`,
      );
    expect(lacking).toEqual([]);
  });
});

describe('endpoint matrix', () => {
  for (const e of allEndpoints()) {
    const placed = rows.get(key(e));
    if (!placed) continue;
    const { row } = placed;
    const request = once(async () => row.ok.call(t));
    const owner = row.ok.as === 'superadmin' ? t.ids.acme : companyOf(t, row.ok.as);

    describe(key(e), () => {
      if (e.access.kind !== 'public') {
        it('401 without a session', async () => {
          const r = await send(null, e.method, await request());
          expect(r.statusCode).toBe(401);
          expect(r.json().message).toMatch(/connecter|Session/);
        });
      }

      const f = plan403(e, row);
      if (f) {
        it(`403 for ${f.as}${f.auto ? ' (its ability refuses the rule)' : ''}`, async () => {
          const r = await send(f.as, e.method, await (f.call ? f.call(t) : request()));
          expect(r.statusCode, r.body).toBe(403);
          expect(r.json().message).toBeTruthy();
        });
      }

      const others = planOther(e, row);
      let carried = false;
      others.forEach((o, i) => {
        const what = o.unseen ? `sees no ${o.unseen.kind} of the owner` : o.check ? 'gets its own data only' : 'is refused';
        it(`another company: ${o.as} ${what}${others.length > 1 ? ` (${i + 1})` : ''}`, async () => {
          const c = await (o.call ? o.call(t) : request());
          const viewer = companyOf(t, o.as);
          const named = idsOfCall(e, c);
          if (named.length) {
            carried = true;
            // The ids whose table is known must name at least one row of a company the viewer is not (nor a partner of).
            const mine = await ownedBy(t, 'entreprise', viewer);
            const known: { where: string; id: number; owner: number | null }[] = [];
            for (const n of named) {
              const who = n.kind ? await ownerOf(t, n.kind, n.id) : undefined;
              if (who !== undefined) known.push({ where: n.where, id: n.id, owner: who });
            }
            if (known.length) {
              const foreign = known.some((k) => k.owner !== null && !mine.has(k.owner));
              expect(foreign, `no id of the request names a row of another company: ${JSON.stringify(known)}`).toBe(true);
            }
          } else if (!o.unseen && !o.check) {
            throw new Error(`${key(e)}: this other-company case names no id of a company row (${c.url})`);
          }
          const r = await send(o.as, e.method, c);
          if (o.unseen || o.check) {
            expect(r.statusCode, r.body).toBe(200);
            if (o.unseen) await expectUnseen(t, o.unseen, r.json(), owner, viewer);
            await o.check?.(r.json(), t);
          } else {
            expectRefused(r, named);
          }
          if (i === others.length - 1 && takesIds(e)) {
            expect(carried, `no other-company case of ${key(e)} names an id of a company row`).toBe(true);
          }
        });
      });

      if (row.bad) {
        const bad = row.bad;
        it('400 with a French message on bad input', async () => {
          const r = await send(row.ok.as, e.method, await bad(t));
          expect(r.statusCode, r.body).toBe(400);
          expect(r.json().code).toBe('VALIDATION');
          // A French sentence, never a raw validator or database text.
          expect(r.json().message).toMatch(/^[A-ZÀ-Ý][^\n]{5,}\.$/);
          expect(r.json().message).not.toMatch(/\berror\b|\binvalid\b|\bexpected\b/i);
        });
      }

      it(`succeeds for ${row.ok.as}`, async () => {
        const r = await send(row.ok.as, e.method, await request());
        expect(r.statusCode, r.body).toBe(e.status ?? 200);
        if (row.ok.check) await row.ok.check(r.json(), t);
        // The other-company check is not vacuous: the owner's own answer, seen as the other company's, is caught.
        for (const o of others.filter((x) => x.unseen)) {
          if (!o.unseen) continue;
          const json = r.json();
          await expect(
            expectUnseen(t, o.unseen, json, owner, companyOf(t, o.as)),
            'the check finds the owner rows in the owner answer',
          ).rejects.toThrow(/ sees /);
        }
      });
    });
  }
});

describe('the other-company check catches a planted leak', () => {
  const list = '/api/process/get_by_paging?perPage=1000';
  it("passes on Béta's real process list, and throws once one Acme process row is planted in it", async () => {
    const beta = await t.req('betaAdmin', 'GET', list);
    expect(beta.statusCode, beta.body).toBe(200);
    await expectUnseen(t, { kind: 'process' }, beta.json(), t.ids.acme, t.ids.beta);

    const acme = await t.req('acmeTechnicien', 'GET', '/api/process/get_by_paging?perPage=1');
    const planted = { ...beta.json(), items: [...beta.json().items, acme.json().items[0]] };
    await expect(expectUnseen(t, { kind: 'process' }, planted, t.ids.acme, t.ids.beta)).rejects.toThrow(/company \d+ sees 1 process row/);
    // The former check (no row with entrepriseId === Acme) passed on it: list rows carry no entrepriseId.
    expect(planted.items.some((r: any) => r.entrepriseId === t.ids.acme)).toBe(false);
  });

  it('throws on a deliberately unfiltered list: every process row, read without the company filter', async () => {
    const all = await withSystem(t.server.database.db, 'test: a process list without its company filter', (tx) =>
      tx.execute(sql`select id, numero, nom_process as "nomProcess" from process order by id`),
    );
    const unfiltered = { items: (all as unknown as { rows: { id: number }[] }).rows, total: 0, offset: 0, perPage: 1000 };
    await expect(expectUnseen(t, { kind: 'process' }, unfiltered, t.ids.acme, t.ids.beta)).rejects.toThrow(
      /company \d+ sees \d+ process row/,
    );
  });

  it('refuses an answer whose rows carry no id, instead of passing it unchecked', async () => {
    await expect(expectUnseen(t, { kind: 'process' }, { items: [{ numero: 1 }] }, t.ids.acme, t.ids.beta)).rejects.toThrow(/no integer id/);
  });
});

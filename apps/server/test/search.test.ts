import { EXACT_COUNT_LIMIT } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/platform/db/tenant.ts';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
interface P {
  id: number;
  numero: number;
  nom: string;
  equip: string | null;
  debut: string | null;
  etat: string;
  type: number | null;
  sequenced: boolean;
  pkg: string;
}
const made: P[] = [];
let wfMc: number;

beforeAll(async () => {
  t = await startTestApp();
  const a = async (m: string, u: string, b?: unknown) => {
    const r = await t.req('acmeAdmin', m, u, b);
    if (r.statusCode >= 300) throw new Error(`${u}: ${r.body}`);
    return r.json();
  };
  wfMc = (await a('POST', '/api/v2/workflow/create', { libelle: 'Ouvrage test', package: 'mo' })).id;
  const wfOther = (await a('POST', '/api/v2/workflow/create', { libelle: 'Permis test', package: 'permis' })).id;
  const equips = ['Pompe P12', 'TGBT atelier', null, 'Compresseur C3', 'pompe P2'];
  for (let i = 0; i < 24; i++) {
    const equip = equips[i % equips.length];
    const debut = i % 4 === 0 ? null : `2026-12-${String(1 + ((i * 7) % 28)).padStart(2, '0')}T08:00:00+01:00`;
    const type = i % 3 === 0 ? null : 1 + (i % 9);
    const p = await a('POST', '/api/v3/process/create', {
      processModeleId: i % 6 === 5 ? wfOther : wfMc,
      nomProcess: `Intervention ${i} ${equip ?? 'sans équipement'}`,
      ...(equip ? { equipement: { id: i + 1, libelle: equip } } : {}),
      ...(debut ? { dateDebut: debut } : {}),
      ...(type ? { typeConsignation: type } : {}),
    });
    let etat = 'en_cours';
    if (i % 7 === 6) {
      await a('PUT', '/api/v2/process/inactive', { id: p.id });
      etat = 'inactif';
    }
    made.push({
      id: p.id,
      numero: p.numero,
      nom: p.nomProcess,
      equip,
      debut,
      etat,
      type,
      sequenced: false,
      pkg: i % 6 === 5 ? 'permis' : 'mo',
    });
  }
  // Two processes wait for another: they come after the free ones.
  const mc = made.filter((_, i) => i % 6 !== 5);
  for (const w of [mc[1], mc[3]]) {
    await a('POST', '/api/v3/process_sequencing/create', { processId: w.id, lockedByProcessId: mc[0].id });
    w.sequenced = true;
  }
});
afterAll(async () => t?.close());

const ofMc = () => made.filter((p) => p.pkg === 'mo');
const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
// The reference: free first, then the sort key (empty equipment as '', missing date as +infinity), then the id.
function reference(rows: P[], key: 'numero' | 'equipement' | 'dateDebut', order: 'asc' | 'desc') {
  const val = (p: P) =>
    key === 'numero' ? p.numero : key === 'equipement' ? (p.equip ?? '') : p.debut ? new Date(p.debut).toISOString() : '9999';
  const s = order === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => cmp(Number(a.sequenced), Number(b.sequenced)) || s * cmp(val(a), val(b)) || s * cmp(a.id, b.id))
    .map((p) => p.id);
}
const search = async (body: object) => {
  const r = await t.req('acmeTechnicien', 'POST', '/api/process/search_by_paging?tz=Europe/Paris', body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};

describe('search_by_paging against a reference computed here', () => {
  it.each([
    ['numero', 'desc'],
    ['numero', 'asc'],
    ['equipement', 'asc'],
    ['equipement', 'desc'],
    ['dateDebut', 'asc'],
  ] as const)('MES_OUVRAGE sorted by %s %s, walked page by page with the cursor', async (key, order) => {
    const expected = reference(ofMc(), key, order);
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 20; guard++) {
      const page = await search({ variant: 'MES_OUVRAGE', sort: { key, order }, perPage: 7, cursor });
      seen.push(...page.items.map((x: { id: number }) => x.id));
      expect(page.total).toBe(expected.length);
      expect(page.totalExact).toBe(true);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(expected);
  });

  it('gives the same first pages with offsets as with the cursor', async () => {
    const expected = reference(ofMc(), 'numero', 'desc');
    const p2 = await search({ variant: 'MES_OUVRAGE', perPage: 5, offset: 5 });
    expect(p2.items.map((x: { id: number }) => x.id)).toEqual(expected.slice(5, 10));
    const p4 = await search({ variant: 'MES_OUVRAGE', perPage: 5, offset: 15 });
    expect(p4.items.map((x: { id: number }) => x.id)).toEqual(expected.slice(15, 20));
  });

  it.each([
    ['state', { etat: ['inactif'] }, (p: P) => p.etat === 'inactif'],
    ['equipment text', { equipement: 'pompe' }, (p: P) => (p.equip ?? '').toLowerCase().includes('pompe')],
    ['lock-out type', { typeConsignation: [2, 5] }, (p: P) => p.type === 2 || p.type === 5],
    [
      'start range',
      { dateDebut: { from: '2026-12-05T00:00:00+01:00', to: '2026-12-20T00:00:00+01:00' } },
      (p: P) => !!p.debut && p.debut >= '2026-12-05' && p.debut < '2026-12-20',
    ],
    ['name search', { search: 'Intervention 1' }, (p: P) => p.nom.includes('Intervention 1')],
  ] as const)('filters by %s', async (_l, filters, keep) => {
    const page = await search({ variant: 'MES_OUVRAGE', filters, perPage: 100 });
    expect(page.items.map((x: { id: number }) => x.id).sort((a: number, b: number) => a - b)).toEqual(
      ofMc()
        .filter(keep)
        .map((p) => p.id)
        .sort((a, b) => a - b),
    );
  });

  it.each([
    ['numero', 'desc'],
    ['equipement', 'asc'],
    ['dateDebut', 'desc'],
  ] as const)('walks a name search sorted by %s %s with the cursor, sequenced ones last', async (key, order) => {
    const expected = reference(
      ofMc().filter((p) => p.nom.includes('Intervention 1')),
      key,
      order,
    );
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 20; guard++) {
      const page = await search({
        variant: 'MES_OUVRAGE',
        filters: { search: 'Intervention 1' },
        sort: { key, order },
        perPage: 3,
        cursor,
      });
      expect(page.total).toBe(expected.length);
      seen.push(...page.items.map((x: { id: number }) => x.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(expected);
  });

  it('marks sequenced processes and lists them last', async () => {
    const page = await search({ variant: 'MES_OUVRAGE', perPage: 100 });
    const flags = page.items.map((x: { lockedProcess: boolean }) => x.lockedProcess);
    expect(flags.filter(Boolean)).toHaveLength(2);
    expect(flags.slice(-2)).toEqual([true, true]);
  });

  it('finds a process by its displayed number', async () => {
    const target = made[3];
    const page = await search({ filters: { search: String(target.numero / 100) }, perPage: 100 });
    expect(page.items.map((x: { id: number }) => x.id)).toContain(target.id);
  });

  it('refuses a forged cursor in French', async () => {
    const r = await t.req('acmeTechnicien', 'POST', '/api/process/search_by_paging', { cursor: 'pas-un-curseur' });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/Curseur/);
  });

  it('writes the dates as yyyymmdd in the display time zone tz (Europe/Paris by default)', async () => {
    const r = await t.req('acmeAdmin', 'POST', '/api/v3/process/create', {
      processModeleId: wfMc,
      nomProcess: 'Minuit à Paris',
      dateDebut: '2026-12-05T23:30:00Z',
    });
    expect(r.statusCode, r.body).toBe(200);
    const find = async (tz?: string) => {
      const res = await t.req('acmeTechnicien', 'POST', `/api/process/search_by_paging${tz ? `?tz=${encodeURIComponent(tz)}` : ''}`, {
        filters: { search: 'Minuit à Paris' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items[0].dateDebutInteger;
    };
    expect(await find()).toBe(20261206);
    expect(await find('Europe/Paris')).toBe(20261206);
    expect(await find('America/New_York')).toBe(20261205);
    const bad = await t.req('acmeTechnicien', 'POST', '/api/process/search_by_paging?tz=Mars/Olympus', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/Fuseau horaire inconnu/);
  });

  it('finds the names containing the typed text, regardless of case and accents', async () => {
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort(cmp);
    const key = (v: string) => v.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    // The reference: every process of the list (whatever other tests made), by name; the typed text is trimmed.
    // A number typed also finds the process of that displayed number.
    const all: { id: number; numero: number; nomProcess: string }[] = (await search({ variant: 'MES_OUVRAGE', perPage: 1000 })).items;
    expect(all.length).toBeGreaterThanOrEqual(ofMc().length);
    const expected = (typed: string) =>
      ids(all.filter((p) => key(p.nomProcess).includes(key(typed.trim())) || (/^\d+$/.test(typed) && p.numero === Number(typed) * 100)));
    // Through the trigram index, and along the list's order for texts without a trigram (« P2 », « 3 c », « a », « 12 », « é »).
    const typedTexts = [
      'SANS EQUIPEMENT',
      'compresseur c3',
      'ÉQUIPEMENT',
      'ntion 1',
      'Intervention 1 ',
      'n 10 p',
      'ompe p1',
      'P2',
      'tion 2',
      '3 c',
      'ervention 16 tgbt at',
      'a',
      '12',
      'é',
    ];
    for (const typed of typedTexts) {
      const got = await search({ variant: 'MES_OUVRAGE', filters: { search: typed }, perPage: 100 });
      expect(ids(got.items), typed).toEqual(expected(typed));
      expect(got.items.length, typed).toBeGreaterThan(0);
    }
    // A literal % or _ typed by the user is not a wildcard.
    expect((await search({ filters: { search: 'Intervention_1' }, perPage: 100 })).items).toEqual([]);
  });

  it.each([
    ['compresseur n° 12', '%com%sse% 12%'],
    ['transformateur t2', '%tra%ate% t2%'],
    ['tgbt', '%tgb%'],
    ['pompe p12', '%pom%p12%'],
    ['n° 12', '% 12%'],
    ['ab', '%ab%'],
    ['a b', '%a b%'],
    ['a_b', '%a\\_b%'],
    ['x_ab', '%\\_ab%'],
    ['100 %_', '%100%'],
    ['%', '%\\%%'],
  ])('search pattern of the key %j is %j', async (key, pattern) => {
    const r = await withSystem(t.server.database.db, 'test: search pattern', (tx) => tx.execute(sql`select app_search_like(${key}) as p`));
    expect((r as unknown as { rows: { p: string }[] }).rows[0].p).toBe(pattern);
  });

  it.each([
    ['Chaudière N° 12', 'chaudiere n° 12'],
    ['ÉCLAIRAGE Extérieur', 'eclairage exterieur'],
    ['Cœur de réacteur', 'coeur de reacteur'],
    ['Façade Œil-de-bœuf', 'facade oeil-de-boeuf'],
    ['déjà vu à Noël', 'deja vu a noel'],
    ['100 %_\\', '100 %_\\'],
  ])('search key of %j is %j', async (name, key) => {
    const r = await withSystem(t.server.database.db, 'test: search key', (tx) => tx.execute(sql`select app_search_key(${name}) as k`));
    expect((r as unknown as { rows: { k: string }[] }).rows[0].k).toBe(key);
  });

  it("never finds another company's processes by name", async () => {
    const mine = await search({ filters: { search: 'Intervention 1' }, perPage: 100 });
    expect(mine.items.length).toBeGreaterThan(0);
    const r = await t.req('betaAdmin', 'POST', '/api/process/search_by_paging', { filters: { search: 'Intervention 1' } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().items).toEqual([]);
    expect(r.json().total).toBe(0);
  });

  it('counts exactly up to EXACT_COUNT_LIMIT, then says "more than"', async () => {
    // Rows written straight in the database (the API would take minutes for this many).
    await withSystem(t.server.database.db, 'test: many processes', (tx) =>
      tx.execute(sql`insert into process (entreprise_id, numero, process_modele_id, key, nom_process, etat, modele_libelle, package)
        select ${t.ids.acme}, 90000000 + g * 100, ${wfMc}, md5(g::text), 'Masse ' || g, 'en_cours', 'Ouvrage test', 'mo'
        from generate_series(1, ${EXACT_COUNT_LIMIT}) g`),
    );
    const all = await search({ variant: 'MES_OUVRAGE', perPage: 10 });
    expect(all.total).toBe(EXACT_COUNT_LIMIT);
    expect(all.totalExact).toBe(false);
    const few = await search({ variant: 'MES_OUVRAGE', filters: { search: 'Masse 99' }, perPage: 10 });
    expect(few.totalExact).toBe(true);
    expect(few.total).toBe(11); // Masse 99, 990..999
  });

  it('names the first contractor company of a process (firstPrestataireLibelle) and filters by contractor', async () => {
    const r = await t.req('acmeAdmin', 'POST', '/api/v3/process/create', {
      processModeleId: wfMc,
      nomProcess: 'Travaux sous-traités',
      prestataireIds: [t.ids.gamma],
    });
    expect(r.statusCode, r.body).toBe(200);
    const found = await search({ filters: { search: 'Travaux sous-traités' } });
    expect(found.items[0].firstPrestataireLibelle).toBe('Gamma Services');
    // Among the « Mes ouvrages » processes (the demo's Gamma permits are of another list).
    const byContractor = await search({ variant: 'MES_OUVRAGE', filters: { prestataireIds: [t.ids.gamma] }, perPage: 100 });
    expect(byContractor.items.map((x: { id: number }) => x.id)).toEqual([r.json().id]);
  });
});

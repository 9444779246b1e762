import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchKey, searchLike } from '../src/modules/process/search-key.ts';
import { withSystem } from '../src/platform/db/tenant.ts';
import { startTestApp, type TestApp } from './harness.ts';

// The name search's key and pattern are computed by the database (app_search_key, app_search_like: migrations 0011,
// 0012); search-key.ts mirrors them to choose the statement's plan before sending it. Both must agree.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const TYPED = [
  'compresseur n° 12',
  'Compresseur N° 12',
  'tgbt',
  'TGBT atelier',
  'Chaudière',
  'Électricité générale',
  'n° 12',
  'n° 1',
  '12345',
  '12',
  'a',
  '3 c',
  'é',
  '-',
  '  ',
  'x_ab',
  '50%',
  'a_b%c\\d',
  'Cœur',
  'cœ',
  'Œuvre',
  'ÆGIS',
  'Pompe P-12',
  'Pompe P12 / P13',
  "l'arrêt d'urgence",
  'Poste HT/BT',
  'Zoé',
  'ça',
  'çà et là',
  'ÿ',
  'Ñandú',
  'abcdefghijk',
  'abcdefgh',
  'mise à la terre',
  'TR-2026-0042',
  'Straße',
  'Ωmega x',
  'transformateur t2',
  'ab',
  'a b',
  'a_b',
  '100 %_',
  '%',
  'Façade Œil-de-bœuf',
  'déjà vu à Noël',
  '100 %_\\',
  'ervention 16 tgbt at',
];

describe('the name search key and pattern: search-key.ts agrees with the database', () => {
  it.each(TYPED)('%j', async (typed) => {
    const r = await withSystem(t.server.database.db, 'test: search functions', (tx) =>
      tx.execute(
        sql`select app_search_key(${typed}) as key, app_search_like(app_search_key(${typed})) as pattern, app_search_like(${typed}) as raw`,
      ),
    );
    const [row] = (r as unknown as { rows: { key: string; pattern: string; raw: string }[] }).rows;
    expect(searchKey(typed)).toBe(row.key);
    expect(searchLike(searchKey(typed))).toBe(row.pattern);
    // The pattern of any text, a key or not.
    expect(searchLike(typed)).toBe(row.raw);
  });
});

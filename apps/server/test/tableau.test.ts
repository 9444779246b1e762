import { EXACT_COUNT_LIMIT } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/platform/db/tenant.ts';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let boardId: number;
let f: { texte: number; niveau: number; choix: number; jour: number; heure: number };
interface P {
  id: number;
  etat: string;
  texte: string;
  niveau: number | null;
  choix: string[];
  debut: string;
  jour: string;
  heure: string;
}
const made: P[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const a = async (m: string, u: string, b?: unknown) => {
    const r = await t.req('acmeAdmin', m, u, b);
    if (r.statusCode >= 300) throw new Error(`${u}: ${r.body}`);
    return r.json();
  };
  const w = await a('POST', '/api/v2/workflow/create', { libelle: 'Rondes' });
  const s = w.etapes[0].id;
  f = {
    texte: (await a('PUT', '/api/v2/etape/assign_metrique', { etapeId: s, nom: 'Zone', dataType: 'text' })).id,
    niveau: (await a('PUT', '/api/v2/etape/assign_metrique', { etapeId: s, nom: 'Niveau', dataType: 'number' })).id,
    choix: (
      await a('PUT', '/api/v2/etape/assign_metrique', {
        etapeId: s,
        nom: 'Anomalies',
        dataType: 'checkbox_options',
        propertyValues: {
          options: [
            { id: 'fuite', libelle: 'Fuite' },
            { id: 'bruit', libelle: 'Bruit' },
          ],
        },
      })
    ).id,
    jour: (await a('PUT', '/api/v2/etape/assign_metrique', { etapeId: s, nom: 'Jour du relevé', dataType: 'date' })).id,
    heure: (await a('PUT', '/api/v2/etape/assign_metrique', { etapeId: s, nom: 'Heure du relevé', dataType: 'hour' })).id,
  };
  boardId = (await a('POST', '/api/v2/tableau/create', { nom: 'Rondes', workflows: [w.id], metriques: [f.texte, f.niveau] })).id;
  const zones = ['Atelier', 'Quai 3', 'Toiture', 'Atelier nord', 'Chaufferie'];
  for (let i = 0; i < 10; i++) {
    const texte = zones[i % zones.length];
    const niveau = i % 3 === 0 ? null : i * 10;
    const choix = i % 2 ? ['fuite'] : i % 4 === 0 ? ['bruit', 'fuite'] : [];
    const debut = `2026-11-${String(20 + (i % 5)).padStart(2, '0')}T08:00:00+01:00`;
    const jour = `2026-11-${String(18 + i).padStart(2, '0')}`;
    const heure = `${String(6 + i * 2).padStart(2, '0')}:30`;
    const rawData: Record<string, unknown> = { [f.texte]: texte, [f.choix]: choix, [f.jour]: jour, [f.heure]: heure };
    if (niveau !== null) rawData[f.niveau] = niveau;
    const p = await a('POST', '/api/v3/process/create', { processModeleId: w.id, rawData, dateDebut: debut });
    let etat = 'en_cours';
    if (i % 5 === 4) {
      await a('PUT', '/api/v2/process/inactive', { id: p.id, status: 'ART' });
      etat = 'inactif';
    }
    made.push({ id: p.id, etat, texte, niveau, choix, debut, jour, heure });
  }
});
afterAll(async () => t?.close());

const CASES: [string, unknown[], (p: P) => boolean][] = [
  ['state equals', [{ champ: 'etat', operateur: 'equals', valeur: 'inactif' }], (p) => p.etat === 'inactif'],
  [
    'text contains',
    [{ champ: 'metrique:TEXTE', operateur: 'contains', valeur: 'atelier' }],
    (p) => p.texte.toLowerCase().includes('atelier'),
  ],
  ['number above', [{ champ: 'metrique:NIVEAU', operateur: 'gt', valeur: 40 }], (p) => p.niveau !== null && p.niveau > 40],
  ['field empty', [{ champ: 'metrique:NIVEAU', operateur: 'empty' }], (p) => p.niveau === null],
  ['option chosen', [{ champ: 'metrique:CHOIX', operateur: 'contains', valeur: 'bruit' }], (p) => p.choix.includes('bruit')],
  ['no option', [{ champ: 'metrique:CHOIX', operateur: 'empty' }], (p) => p.choix.length === 0],
  [
    'date range and state',
    [
      { champ: 'dateDebut', operateur: 'between', valeur: ['2026-11-21T00:00:00+01:00', '2026-11-23T23:59:59+01:00'] },
      { champ: 'etat', operateur: 'equals', valeur: 'en_cours' },
    ],
    (p) => p.debut >= '2026-11-21' && p.debut <= '2026-11-23T23' && p.etat === 'en_cours',
  ],
  [
    'text in a list',
    [{ champ: 'metrique:TEXTE', operateur: 'in', valeur: ['Quai 3', 'Toiture'] }],
    (p) => ['Quai 3', 'Toiture'].includes(p.texte),
  ],
  ['date field after a day', [{ champ: 'metrique:JOUR', operateur: 'gt', valeur: '2026-11-22' }], (p) => p.jour > '2026-11-22'],
  ['date field before a day', [{ champ: 'metrique:JOUR', operateur: 'lt', valeur: '2026-11-20' }], (p) => p.jour < '2026-11-20'],
  ['hour field before an hour', [{ champ: 'metrique:HEURE', operateur: 'lt', valeur: '10:00' }], (p) => p.heure < '10:00'],
  [
    'hour field between two hours',
    [{ champ: 'metrique:HEURE', operateur: 'between', valeur: ['09:00', '14:45'] }],
    (p) => p.heure >= '09:00' && p.heure <= '14:45',
  ],
];

describe('board filters against a reference computed here', () => {
  it.each(CASES)('%s', async (_l, criteres, keep) => {
    const resolved = JSON.parse(
      JSON.stringify(criteres)
        .replaceAll('TEXTE', String(f.texte))
        .replaceAll('NIVEAU', String(f.niveau))
        .replaceAll('CHOIX', String(f.choix))
        .replaceAll('JOUR', String(f.jour))
        .replaceAll('HEURE', String(f.heure)),
    );
    const filtre = await t.req('acmeAdmin', 'POST', '/api/v2/filtre/create', { tableauId: boardId, nom: 'Test', criteres: resolved });
    expect(filtre.statusCode, filtre.body).toBe(200);
    const r = await t.req(
      'acmeTechnicien',
      'GET',
      `/api/v3/process/get_for_tableau?tableauId=${boardId}&filtreId=${filtre.json().id}&perPage=100`,
    );
    expect(r.statusCode, r.body).toBe(200);
    const expected = made
      .filter(keep)
      .map((p) => p.id)
      .sort((a, b) => a - b);
    expect(
      r
        .json()
        .items.map((x: { id: number }) => x.id)
        .sort((a: number, b: number) => a - b),
    ).toEqual(expected);
    expect(r.json().total).toBe(expected.length);
  });

  it('puts the board fields in columns and counts the states', async () => {
    const r = (await t.req('acmeTechnicien', 'GET', `/api/v3/process/get_for_tableau?tableauId=${boardId}&perPage=3`)).json();
    expect(r.total).toBe(10);
    expect(r.items).toHaveLength(3);
    expect(Object.keys(r.items[0].valeurs).sort()).toEqual([String(f.texte), String(f.niveau)].sort());
    const etats = (await t.req('acmeTechnicien', 'GET', `/api/v2/etat_process/get?tableauId=${boardId}`)).json();
    expect(etats).toEqual([
      { etat: 'en_cours', libelle: 'En cours', count: 8 },
      { etat: 'termine', libelle: 'Terminé', count: 0 },
      { etat: 'inactif', libelle: 'Inactif', count: 2 },
    ]);
  });

  it.each([
    ['a number field ascending (empty last)', 'NIVEAU', 'asc'],
    ['a number field descending (empty last)', 'NIVEAU', 'desc'],
    ['a text field ascending', 'TEXTE', 'asc'],
  ] as const)('sorts by %s, then the newest number', async (_l, field, order) => {
    const id = field === 'NIVEAU' ? f.niveau : f.texte;
    const r = await t.req(
      'acmeTechnicien',
      'GET',
      `/api/v3/process/get_for_tableau?tableauId=${boardId}&perPage=100&sort=metrique:${id}&order=${order}`,
    );
    expect(r.statusCode, r.body).toBe(200);
    const s = order === 'asc' ? 1 : -1;
    const value = (p: P) => (field === 'NIVEAU' ? p.niveau : p.texte);
    const expected = [...made]
      .sort((a, b) => {
        const va = value(a);
        const vb = value(b);
        if (va === null || vb === null) return va === vb ? b.id - a.id : va === null ? 1 : -1;
        return (va < vb ? -s : va > vb ? s : 0) || b.id - a.id;
      })
      .map((p) => p.id);
    expect(r.json().items.map((x: { id: number }) => x.id)).toEqual(expected);
  });

  it.each(['asc', 'desc'] as const)(
    'sorts by a built-in column (%s, ties by id the same way, as the lists) and refuses an unknown one',
    async (order) => {
      const r = await t.req(
        'acmeTechnicien',
        'GET',
        `/api/v3/process/get_for_tableau?tableauId=${boardId}&perPage=100&sort=dateDebut&order=${order}`,
      );
      expect(r.statusCode, r.body).toBe(200);
      const s = order === 'asc' ? 1 : -1;
      const expected = [...made].sort((a, b) => s * (a.debut < b.debut ? -1 : a.debut > b.debut ? 1 : a.id - b.id)).map((p) => p.id);
      expect(r.json().items.map((x: { id: number }) => x.id)).toEqual(expected);
      // Each row carries the board's fields.
      expect(Object.keys(r.json().items[0].valeurs).sort()).toEqual([String(f.texte), String(f.niveau)].sort());
      const bad = await t.req('acmeTechnicien', 'GET', `/api/v3/process/get_for_tableau?tableauId=${boardId}&sort=raw_data`);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toMatch(/Tri inconnu/);
    },
  );

  it('refuses criteria on a field outside the board, or a malformed value', async () => {
    const outside = await t.req('acmeAdmin', 'POST', '/api/v2/filtre/create', {
      tableauId: boardId,
      nom: 'X',
      criteres: [{ champ: 'metrique:999999', operateur: 'empty' }],
    });
    expect(outside.statusCode).toBe(404);
    const malformed = await t.req('acmeAdmin', 'POST', '/api/v2/filtre/create', {
      tableauId: boardId,
      nom: 'X',
      criteres: [{ champ: 'numero', operateur: 'gt', valeur: 'beaucoup' }],
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/nombre attendu/);
  });

  it('counts exactly up to EXACT_COUNT_LIMIT, then says "more than", and caps the offset', async () => {
    const w = (await t.req('acmeAdmin', 'POST', '/api/v2/workflow/create', { libelle: 'Rondes nombreuses' })).json();
    const big = (await t.req('acmeAdmin', 'POST', '/api/v2/tableau/create', { nom: 'Beaucoup', workflows: [w.id], metriques: [] })).json();
    // Rows written straight in the database (the API would take minutes for this many).
    await withSystem(t.server.database.db, 'test: many processes', (tx) =>
      tx.execute(sql`insert into process (entreprise_id, numero, process_modele_id, key, nom_process, etat, modele_libelle)
        select ${t.ids.acme}, 80000000 + g * 100, ${w.id}, md5('ronde' || g), 'Ronde ' || g, 'en_cours', 'Rondes nombreuses'
        from generate_series(1, ${EXACT_COUNT_LIMIT + 5}) g`),
    );
    const r = await t.req('acmeTechnicien', 'GET', `/api/v3/process/get_for_tableau?tableauId=${big.id}&perPage=10&offset=1000`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ total: EXACT_COUNT_LIMIT, totalExact: false, offset: 1000 });
    expect(r.json().items).toHaveLength(5);
    const small = (await t.req('acmeTechnicien', 'GET', `/api/v3/process/get_for_tableau?tableauId=${boardId}&perPage=3`)).json();
    expect(small).toMatchObject({ total: 10, totalExact: true });
    const deep = await t.req('acmeTechnicien', 'GET', `/api/v3/process/get_for_tableau?tableauId=${big.id}&offset=10001`);
    expect(deep.statusCode).toBe(400);
    expect(JSON.stringify(deep.json().detail)).toMatch(/affinez le filtre/);
  });

  it('writes the dates in the display time zone tz and names the first contractor company', async () => {
    const w = (await t.req('acmeAdmin', 'POST', '/api/v2/workflow/create', { libelle: 'Travaux de nuit' })).json();
    const b = (await t.req('acmeAdmin', 'POST', '/api/v2/tableau/create', { nom: 'Nuit', workflows: [w.id], metriques: [] })).json();
    // 23:30 in Paris on 24/11 is already 25/11 in Tokyo and still 24/11 in New York.
    const p = await t.req('acmeAdmin', 'POST', '/api/v3/process/create', {
      processModeleId: w.id,
      nomProcess: 'Soudure de nuit',
      dateDebut: '2026-11-24T23:30:00+01:00',
      prestataireIds: [t.ids.gamma],
    });
    expect(p.statusCode, p.body).toBe(200);
    const rowIn = async (tz?: string) => {
      const r = await t.req(
        'acmeTechnicien',
        'GET',
        `/api/v3/process/get_for_tableau?tableauId=${b.id}${tz ? `&tz=${encodeURIComponent(tz)}` : ''}`,
      );
      expect(r.statusCode, r.body).toBe(200);
      return r.json().items[0];
    };
    expect((await rowIn()).dateDebutInteger).toBe(20261124);
    expect((await rowIn('Asia/Tokyo')).dateDebutInteger).toBe(20261125);
    expect((await rowIn('America/New_York')).dateDebutInteger).toBe(20261124);
    expect((await rowIn()).firstPrestataireLibelle).toBe('Gamma Services');
    const unknown = await t.req('acmeTechnicien', 'GET', `/api/v3/process/get_for_tableau?tableauId=${b.id}&tz=Mars/Olympus`);
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toMatch(/Fuseau horaire inconnu/);
  });

  it('shares a personal display, or takes a shared one back, only with the board update right', async () => {
    const mine = (
      await t.req('acmeTechnicien', 'POST', '/api/v2/affichage/create', {
        tableauId: boardId,
        nom: 'À partager',
        colonnes: [],
        personnel: true,
      })
    ).json();
    const refused = await t.req('acmeTechnicien', 'PUT', '/api/v2/affichage/update', { id: mine.id, personnel: false });
    expect(refused.statusCode).toBe(403);
    const seenBy = async (who: 'acmeResponsable' | 'acmeAdmin') =>
      (await t.req(who, 'GET', `/api/v2/affichage/get?tableauId=${boardId}`)).json().map((a: { id: number }) => a.id);
    expect(await seenBy('acmeResponsable')).not.toContain(mine.id);

    const adminOwn = (
      await t.req('acmeAdmin', 'POST', '/api/v2/affichage/create', {
        tableauId: boardId,
        nom: 'Bientôt partagé',
        colonnes: [],
        personnel: true,
      })
    ).json();
    const shared = await t.req('acmeAdmin', 'PUT', '/api/v2/affichage/update', { id: adminOwn.id, personnel: false });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().personnel).toBe(false);
    expect(await seenBy('acmeResponsable')).toContain(adminOwn.id);
    // A reader can neither edit the shared display nor take it for himself.
    expect((await t.req('acmeTechnicien', 'PUT', '/api/v2/affichage/update', { id: adminOwn.id, personnel: true })).statusCode).toBe(403);
    const back = await t.req('acmeAdmin', 'PUT', '/api/v2/affichage/update', { id: adminOwn.id, personnel: true });
    expect(back.json().personnel).toBe(true);
    expect(await seenBy('acmeResponsable')).not.toContain(adminOwn.id);
    expect(await seenBy('acmeAdmin')).toContain(adminOwn.id);
  });

  it('keeps personal displays to their author', async () => {
    const mine = (
      await t.req('acmeTechnicien', 'POST', '/api/v2/affichage/create', {
        tableauId: boardId,
        nom: 'Le mien',
        colonnes: [{ key: 'numero', visible: true }],
        personnel: true,
      })
    ).json();
    expect(
      (await t.req('acmeResponsable', 'GET', `/api/v2/affichage/get?tableauId=${boardId}`)).json().map((a: { id: number }) => a.id),
    ).not.toContain(mine.id);
    expect((await t.req('acmeResponsable', 'PUT', '/api/v2/affichage/update', { id: mine.id, nom: 'Pris' })).statusCode).toBe(404);
    expect(
      (
        await t.req('acmeTechnicien', 'POST', '/api/v2/affichage/create', {
          tableauId: boardId,
          nom: 'Partagé',
          colonnes: [],
          personnel: false,
        })
      ).statusCode,
    ).toBe(403);
  });
});

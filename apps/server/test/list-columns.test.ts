import { PROCESS_ETAT_LABELS, type ProcessEtat, SORT_KEYS, type SortKey, TYPE_CONSIGNATION } from '@app/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entreprise } from '../src/modules/entreprise/entreprise.tables.ts';
import { FILTERS, type FilterKey, LIST_COLUMNS, type ListColumnDef, listRowOf, type RowKey } from '../src/modules/process/list-columns.ts';
import { process } from '../src/modules/process/process.tables.ts';
import { etape } from '../src/modules/workflow/workflow.tables.ts';
import { withSystem, withTenant } from '../src/platform/db/tenant.ts';
import { startTestApp, type TestApp } from './harness.ts';

// The list-column registry (list-columns.ts), table by table: every declared column is written as declared (by the
// statement and by listRowOf, which must agree), every declared sort orders as declared, every declared filter keeps
// the rows it says. Each table must name every declared column, sort and filter: a new one without its row fails.

let t: TestApp;
let wf: number;
let field: number;
let etapeNom: string;
let board: number;

interface F {
  id: number;
  numero: number;
  nom: string;
  equip: string | null;
  modele: string;
  preparateur: string | null;
  createdBy: 'acmeAdmin' | 'acmeTechnicien' | null;
  debut: string | null;
  fin: string | null;
  etat: ProcessEtat;
  status: string | null;
  type: number | null;
  prest: boolean;
  sequenced: boolean;
  niveau: number;
  origin: string | null;
  articles: string | null;
  quantity: number | null;
  fournisseur: string | null;
  souhaitee: string | null;
  modifie: string;
}
const F0 = {
  equip: null,
  preparateur: null,
  createdBy: null,
  debut: null,
  fin: null,
  etat: 'en_cours',
  status: null,
  type: null,
  prest: false,
  sequenced: false,
  niveau: 0,
  origin: null,
  articles: null,
  quantity: null,
  fournisseur: null,
  souhaitee: null,
  modifie: '2026-11-20T09:15:00.120Z',
} as const;
const fixtures: Omit<F, 'id' | 'numero'>[] = [
  {
    ...F0,
    nom: 'Pompe alpha',
    equip: 'Pompe P1',
    modele: 'Relevés A',
    preparateur: 'Alice Martin',
    createdBy: 'acmeAdmin',
    debut: '2026-03-01T08:00:00Z',
    fin: '2026-03-02T23:30:00Z', // the 3rd in Paris
    type: 2,
    prest: true,
    origin: 'Ronde',
    articles: 'Joint 12 mm',
    quantity: 4.5,
    fournisseur: 'Fournil SA',
    souhaitee: '2026-04-01T10:00:00.000Z',
  },
  {
    ...F0,
    nom: 'Compresseur n° 12',
    equip: 'compresseur C3',
    modele: 'Relevés B',
    preparateur: 'Bruno Petit',
    createdBy: 'acmeTechnicien',
    debut: '2026-02-10T12:00:00Z',
    etat: 'inactif',
    status: 'ART',
    type: 5,
    quantity: 12,
  },
  { ...F0, nom: 'Chaudière', modele: 'Relevés A', debut: '2026-05-01T06:00:00Z', fin: '2026-05-01T18:00:00Z', etat: 'termine', niveau: 2 },
  { ...F0, nom: 'pompe beta', equip: 'TGBT', modele: 'Relevés C', preparateur: 'Alice Martin', createdBy: 'acmeAdmin', type: 2 },
  { ...F0, nom: 'Attente', equip: 'Pompe P2', modele: 'Relevés B', debut: '2026-01-15T09:00:00Z', sequenced: true, origin: 'Capteur' },
  {
    ...F0,
    nom: 'Zone nord',
    modele: 'Relevés C',
    etat: 'inactif',
    status: 'R,"1" \\{x}', // an array literal's specials: matched as themselves
    fin: '2026-06-30T10:00:00Z',
    articles: 'Vanne',
    fournisseur: 'Valves & Co',
  },
];
const made: F[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const a = async (m: string, u: string, b?: unknown) => {
    const r = await t.req('acmeAdmin', m, u, b);
    if (r.statusCode >= 300) throw new Error(`${u}: ${r.body}`);
    return r.json();
  };
  const w = await a('POST', '/api/v2/workflow/create', { libelle: 'Relevés registre', package: 'mr' });
  wf = w.id;
  etapeNom = w.etapes[0].nom;
  field = (await a('PUT', '/api/v2/etape/assign_metrique', { etapeId: w.etapes[0].id, nom: 'Zone', dataType: 'text' })).id;
  board = (await a('POST', '/api/v2/tableau/create', { nom: 'Registre', workflows: [wf], metriques: [field] })).id;
  for (const [i, f] of fixtures.entries()) {
    const p = await a('POST', '/api/v3/process/create', { processModeleId: wf, nomProcess: f.nom, rawData: { [field]: `Zone ${i}` } });
    made.push({ ...f, id: p.id, numero: p.numero });
  }
  // Every column of the list set as the fixture says (copies, states and the columns no module writes yet).
  await withSystem(t.server.database.db, 'test: list-column fixtures', async (tx) => {
    for (const f of made) {
      await tx
        .update(process)
        .set({
          equipement: f.equip === null ? null : { id: 1, libelle: f.equip },
          modeleLibelle: f.modele,
          preparateur: f.preparateur,
          createdById: f.createdBy === null ? null : t.ids.user[f.createdBy],
          dateDebut: f.debut === null ? null : new Date(f.debut),
          dateFin: f.fin === null ? null : new Date(f.fin),
          etat: f.etat,
          status: f.status,
          currentOrdre: f.etat === 'termine' ? null : undefined,
          typeConsignation: f.type,
          prestataireIds: f.prest ? [t.ids.gamma] : [],
          sequenced: f.sequenced,
          niveau: f.niveau,
          origin: f.origin,
          articles: f.articles,
          quantity: f.quantity,
          fournisseur: f.fournisseur,
          dateSouhaitee: f.souhaitee === null ? null : new Date(f.souhaitee),
          lastModifyAt: new Date(f.modifie),
        })
        .where(eq(process.id, f.id));
    }
  });
});
afterAll(async () => t?.close());

type Row = Record<RowKey, unknown>;
const search = async (body: object): Promise<{ items: Row[]; nextCursor: string | null; total: number }> => {
  const r = await t.req('acmeAdmin', 'POST', '/api/process/search_by_paging', body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
const ours = (filters: object = {}) => ({ filters: { processModeleIds: [wf], ...filters }, perPage: 100 });
const rowOf = async (f: F) => (await search(ours())).items.find((r) => r.id === f.id) as Row;

/** How each column is written, from the fixture (dates in Europe/Paris). */
const WRITTEN: Record<RowKey, (f: F) => unknown> = {
  id: (f) => f.id,
  numero: (f) => f.numero,
  nomProcess: (f) => f.nom,
  equipementLastItemString: (f) => f.equip,
  processModeleId: () => wf,
  processModeleLibelle: (f) => f.modele,
  preparateur: (f) => f.preparateur,
  dateDebutInteger: (f) =>
    ({ '2026-03-01': 20260301, '2026-02-10': 20260210, '2026-05-01': 20260501, '2026-01-15': 20260115 })[f.debut?.slice(0, 10) ?? ''] ??
    null,
  dateFinInteger: (f) => ({ '2026-03-02': 20260303, '2026-05-01': 20260501, '2026-06-30': 20260630 })[f.fin?.slice(0, 10) ?? ''] ?? null,
  etat: (f) => f.etat,
  latestStatus: (f) => (f.etat === 'en_cours' ? etapeNom : PROCESS_ETAT_LABELS[f.etat]),
  // The codes of a process's habilitations (ticket 14): these fixtures have none.
  niveaux: () => null,
  currentEtapeOrdre: (f) => (f.etat === 'termine' ? null : 1),
  lockedProcess: (f) => f.sequenced,
  lastModifyAt: (f) => f.modifie,
  status: (f) => f.status,
  typeConsignation: (f) => f.type,
  firstPrestataireLibelle: (f) => (f.prest ? 'Gamma Services' : null),
  origin: (f) => f.origin,
  articles: (f) => f.articles,
  quantity: (f) => f.quantity,
  fournisseur: (f) => f.fournisseur,
  dateSouhaitee: (f) => f.souhaitee,
  description: () => null,
  nameConsignation: (f) => (f.type ? TYPE_CONSIGNATION[f.type as keyof typeof TYPE_CONSIGNATION] : null),
};

describe('every declared column is written as declared', () => {
  it('has a row here for each declared column, and only those', () => {
    expect(Object.keys(WRITTEN).sort()).toEqual(Object.keys(LIST_COLUMNS).sort());
  });

  it.each(Object.keys(LIST_COLUMNS) as RowKey[])('%s: by the statement', async (key) => {
    const page = await search(ours());
    for (const f of made) expect(page.items.find((r) => r.id === f.id)?.[key], `${key} of ${f.nom}`).toEqual(WRITTEN[key](f));
  });

  it('by listRowOf exactly as by the statement (a process read by Drizzle)', async () => {
    const read = await withTenant(t.server.database.db, t.ids.acme, (tx) =>
      tx
        .select({ p: process, etapeNom: etape.nom, prestataire: entreprise.nom })
        .from(process)
        .leftJoin(etape, and(eq(etape.processModeleId, process.processModeleId), eq(etape.ordre, process.currentOrdre)))
        .leftJoin(entreprise, sql`${entreprise.id} = ${process.prestataireIds}[1]`)
        .where(
          inArray(
            process.id,
            made.map((f) => f.id),
          ),
        ),
    );
    expect(read).toHaveLength(made.length);
    for (const { p, etapeNom: nom, prestataire } of read) {
      const f = made.find((x) => x.id === p.id) as F;
      expect(listRowOf(p, nom, 'Europe/Paris', prestataire)).toEqual(await rowOf(f));
    }
  });

  it('a board sorted by one of its fields (listRowOf) writes the rows its default order (the statement) writes', async () => {
    const get = async (q: string) => {
      const r = await t.req('acmeAdmin', 'GET', `/api/v3/process/get_for_tableau?tableauId=${board}&perPage=100${q}`);
      expect(r.statusCode, r.body).toBe(200);
      return (r.json().items as Row[]).sort((x, y) => Number(x.id) - Number(y.id));
    };
    const byField = await get(`&sort=metrique:${field}&order=asc`);
    expect(byField).toHaveLength(made.length);
    expect(byField).toEqual(await get(''));
  });
});

/** Each sort's value, from the fixture: the order the list gives (then the id), sequenced processes last. */
const SORTED: Record<SortKey, (f: F) => string | number> = {
  numero: (f) => f.numero,
  equipement: (f) => f.equip ?? '',
  workflow: (f) => f.modele,
  preparateur: (f) => f.preparateur ?? '',
  dateDebut: (f) => f.debut ?? '9999',
  dateFin: (f) => f.fin ?? '9999',
  status: (f) => f.etat,
  typeConsignation: (f) => f.type ?? 0,
  nomProcess: (f) => f.nom,
};

describe('every declared sort orders as declared', () => {
  it('has a row here for each sort key, each declared by one column', () => {
    expect(Object.keys(SORTED).sort()).toEqual([...SORT_KEYS].sort());
    const declared = (Object.values(LIST_COLUMNS) as ListColumnDef[]).flatMap((c) => (c.sort ? [c.sort.key] : []));
    expect(declared.sort()).toEqual([...SORT_KEYS].sort());
  });

  it('names indexes that exist', async () => {
    const names = (Object.values(LIST_COLUMNS) as ListColumnDef[]).flatMap((c) => (c.sort?.index ? [c.sort.index] : []));
    expect(names.length).toBeGreaterThan(0);
    const r = await withSystem(t.server.database.db, 'test: list indexes', (tx) =>
      tx.execute(sql`select indexname from pg_indexes where tablename = 'process'`),
    );
    const existing = (r as unknown as { rows: { indexname: string }[] }).rows.map((x) => x.indexname);
    for (const n of names) expect(existing).toContain(n);
  });

  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  it.each(SORT_KEYS.flatMap((key) => (['asc', 'desc'] as const).map((order) => [key, order] as const)))(
    '%s %s, walked with the cursor',
    async (key, order) => {
      const s = order === 'asc' ? 1 : -1;
      const expected = [...made]
        .sort((a, b) => cmp(Number(a.sequenced), Number(b.sequenced)) || s * cmp(SORTED[key](a), SORTED[key](b)) || s * cmp(a.id, b.id))
        .map((f) => f.id);
      const seen: unknown[] = [];
      let cursor: string | null = null;
      for (let guard = 0; guard < 10; guard++) {
        const page = await search({ ...ours(), perPage: 2, sort: { key, order }, cursor });
        seen.push(...page.items.map((r) => r.id));
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      expect(seen).toEqual(expected);
    },
  );
});

/** Each filter with a value, and the fixtures it keeps. */
const FILTERED: Record<FilterKey, [unknown, (f: F) => boolean]> = {
  etat: [['inactif', 'termine'], (f) => f.etat !== 'en_cours'],
  status: [['ART'], (f) => f.status === 'ART'],
  processModeleIds: [[0], () => true], // replaced by the test's workflow below
  preparateurIds: [['acmeTechnicien'], (f) => f.createdBy === 'acmeTechnicien'],
  prestataireIds: [['gamma'], (f) => f.prest],
  typeConsignation: [[2, 5], (f) => f.type === 2 || f.type === 5],
  equipement: ['pompe', (f) => (f.equip ?? '').toLowerCase().includes('pompe')],
  search: ['pompe', (f) => f.nom.toLowerCase().includes('pompe')],
  dateDebut: [
    { from: '2026-02-01T00:00:00Z', to: '2026-04-01T00:00:00Z' },
    (f) => !!f.debut && f.debut >= '2026-02-01' && f.debut < '2026-04-01',
  ],
  dateFin: [{ to: '2026-06-01T00:00:00Z' }, (f) => !!f.fin && f.fin < '2026-06-01'],
};

describe('every declared filter keeps the rows it declares', () => {
  it("has a row here for each of ProcessSearch's filters, each declared by one column", () => {
    expect(Object.keys(FILTERED).sort()).toEqual(FILTERS.map((f) => f.key).sort());
  });

  it.each(Object.keys(FILTERED) as FilterKey[])('%s', async (key) => {
    const [raw, keep] = FILTERED[key];
    const value =
      key === 'processModeleIds'
        ? [wf]
        : key === 'preparateurIds'
          ? [t.ids.user.acmeTechnicien]
          : key === 'prestataireIds'
            ? [t.ids.gamma]
            : raw;
    const page = await search(ours({ [key]: value }));
    expect(page.items.map((r) => r.id).sort()).toEqual(
      made
        .filter(keep)
        .map((f) => f.id)
        .sort(),
    );
    expect(page.items.length).toBeGreaterThan(0);
  });

  it('status: a code with commas, quotes, backslashes and braces is matched as itself', async () => {
    const odd = made.find((f) => f.nom === 'Zone nord') as F;
    const page = await search(ours({ status: [odd.status, 'ART'] }));
    expect(page.items.map((r) => r.id).sort()).toEqual(
      made
        .filter((f) => f.status !== null)
        .map((f) => f.id)
        .sort(),
    );
    expect((await search(ours({ status: ['R'] }))).items).toEqual([]);
  });
});

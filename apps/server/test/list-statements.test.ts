import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/platform/db/tenant.ts';
import { createServer, type Server } from '../src/server.ts';
import { DEMO, ENGINE, PASSWORD } from './harness.ts';

/**
 * The SQL the lists send (search_by_paging, get_by_paging, /api/processes, the boards), recorded by the query
 * logger for a fixed set of requests and compared with list-statements.sql. The lists are fast at 1,000,000 rows
 * because of these exact statements (docs/PERFORMANCE.md): a change to one shows here as a diff to review, and the
 * file is rewritten only on purpose (`vitest run -u`).
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `t_stmt_${process.pid}_${Date.now()}`;
let server: Server;
let dataDir = '';
let recording: string[] | null = null;
let cookie = '';
const ids = { workflow: 0, field: 0, board: 0, filtre: 0, user: 0, gamma: 0 };

/** One statement with its parameters, spaces collapsed, a line at each select and from (readable diffs). */
const normalized = (q: string, params: unknown[]) =>
  `${q
    .replace(/\s+/g, ' ')
    .trim()
    .replace(
      / (?=(select|from|where|order by|left join) )/g,
      '\n    ',
    )}\n  -- ${JSON.stringify(params.map((p) => (p instanceof Date ? p.toISOString() : p)))}`;

async function send(method: string, url: string, body?: unknown) {
  const res = await server.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(body ? { payload: body as object } : {}) });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The statements a request sends, the session's opening excepted (the same for every request). */
async function statementsOf(method: string, url: string, body?: unknown) {
  recording = [];
  await send(method, url, body);
  const out = recording;
  recording = null;
  return out;
}

beforeAll(async () => {
  if (ENGINE !== 'postgres') return;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stmt-test-'));
  server = await createServer({
    databaseUrl: u.toString(),
    dataDir,
    demoSeed: true,
    logLevel: 'warn',
    webDist: '/nonexistent',
    queryLogger: (q, params) => {
      if (recording && !/^begin\b/i.test(q)) recording.push(normalized(q, params));
    },
  });
  const login = await server.app.inject({ method: 'POST', url: '/login', payload: { mail: DEMO.acmeAdmin, password: PASSWORD } });
  cookie = `sid=${login.cookies.find((c) => c.name === 'sid')?.value}`;
  ids.user = (await send('GET', '/api/getConnectedUser')).idUser;
  ids.gamma = await withSystem(server.database.db, 'test fixture', async (tx) => {
    const r = await tx.execute(sql`select id from entreprise where nom = 'Gamma Services'`);
    return Number((r as unknown as { rows: { id: number }[] }).rows[0].id);
  });
  const w = await send('POST', '/api/v2/workflow/create', { libelle: 'Relevés', package: 'mr' });
  ids.workflow = w.id;
  ids.field = (await send('PUT', '/api/v2/etape/assign_metrique', { etapeId: w.etapes[0].id, nom: 'Zone', dataType: 'text' })).id;
  for (let i = 0; i < 4; i++)
    await send('POST', '/api/v3/process/create', {
      processModeleId: w.id,
      nomProcess: `Compresseur n° 12 relevé ${i}`,
      rawData: { [ids.field]: `Zone ${i}` },
    });
  ids.board = (await send('POST', '/api/v2/tableau/create', { nom: 'Relevés', workflows: [w.id], metriques: [ids.field] })).id;
  ids.filtre = (
    await send('POST', '/api/v2/filtre/create', {
      tableauId: ids.board,
      nom: 'En cours, zone',
      criteres: [
        { champ: 'etat', operateur: 'equals', valeur: 'en_cours' },
        { champ: 'dateDebut', operateur: 'between', valeur: ['2026-01-01T00:00:00+01:00', '2027-01-01T00:00:00+01:00'] },
        { champ: `metrique:${ids.field}`, operateur: 'contains', valeur: 'zone' },
      ],
    })
  ).id;
});
afterAll(async () => {
  if (ENGINE !== 'postgres') return;
  await server?.close();
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const SEARCH = '/api/process/search_by_paging?tz=Europe/Paris';
/** The benchmark's requests first (bench/lists.bench.ts), then every sort, filter and path of the statement. */
const REQUESTS: [string, () => [string, string, unknown?]][] = [
  ['bench: first page', () => ['POST', SEARCH, { perPage: 100 }]],
  [
    'bench: state + period',
    () => [
      'POST',
      SEARCH,
      { perPage: 100, filters: { etat: ['en_cours'], dateDebut: { from: '2025-06-01T00:00:00+02:00', to: '2025-07-01T00:00:00+02:00' } } },
    ],
  ],
  ['bench: sort by equipment', () => ['POST', SEARCH, { perPage: 100, sort: { key: 'equipement', order: 'asc' } }]],
  ['bench: name search', () => ['POST', SEARCH, { perPage: 100, filters: { search: 'compresseur n° 12' } }]],
  ['bench: MES_CONSIGNATIONS', () => ['POST', SEARCH, { perPage: 100, variant: 'MES_CONSIGNATIONS' }]],
  ...(['numero', 'equipement', 'workflow', 'preparateur', 'dateDebut', 'dateFin', 'status', 'typeConsignation', 'nomProcess'] as const).map(
    (key): [string, () => [string, string, unknown?]] => [
      `sort ${key} asc`,
      () => ['POST', SEARCH, { perPage: 2, sort: { key, order: 'asc' } }],
    ],
  ),
  [
    'every filter',
    () => [
      'POST',
      SEARCH,
      {
        variant: 'MES_RELEVE',
        filters: {
          etat: ['en_cours', 'inactif'],
          processModeleIds: [ids.workflow],
          preparateurIds: [ids.user],
          prestataireIds: [ids.gamma],
          typeConsignation: [1, 2],
          equipement: 'pompe',
          dateDebut: { from: '2026-01-01T00:00:00+01:00' },
          dateFin: { to: '2027-01-01T00:00:00+01:00' },
        },
      },
    ],
  ],
  ['short search (walks the order)', () => ['POST', SEARCH, { filters: { search: 'a' } }]],
  ['number search', () => ['POST', SEARCH, { filters: { search: '12' } }]],
  ['offset past the end (count again)', () => ['POST', SEARCH, { perPage: 10, offset: 9000 }]],
  ['get_by_paging', () => ['GET', `/api/process/get_by_paging?perPage=5&etat=en_cours&search=compresseur&processModeleId=${ids.workflow}`]],
  ['/api/processes', () => ['GET', '/api/processes?variant=MES_RELEVE&perPage=3']],
  ['board: default order', () => ['GET', `/api/v3/process/get_for_tableau?tableauId=${ids.board}&perPage=10`]],
  [
    'board: filter, sort by start',
    () => ['GET', `/api/v3/process/get_for_tableau?tableauId=${ids.board}&filtreId=${ids.filtre}&sort=dateDebut&order=asc`],
  ],
  ['board: sort by a field', () => ['GET', `/api/v3/process/get_for_tableau?tableauId=${ids.board}&sort=metrique:${ids.field}&order=asc`]],
  ['board: state counts', () => ['GET', `/api/v2/etat_process/get?tableauId=${ids.board}`]],
];

describe.skipIf(ENGINE !== 'postgres')('the statements of the lists', () => {
  it('are the recorded ones (list-statements.sql)', async () => {
    let text = '';
    for (const [label, request] of REQUESTS) {
      const [method, url, body] = request();
      const statements = await statementsOf(method, url, body);
      text += `-- ${label}\n${statements.join('\n')}\n\n`;
    }
    // Cursor pages: the free part, then the sequenced part is reached by the same statement shape.
    const first = await send('POST', SEARCH, { perPage: 2 });
    text += `-- cursor page\n${(await statementsOf('POST', SEARCH, { perPage: 2, cursor: first.nextCursor })).join('\n')}\n`;
    // A contractor's lists (ticket 12): their own statement (its clients' processes that are its, under its policies).
    const acme = cookie;
    const login = await server.app.inject({ method: 'POST', url: '/login', payload: { mail: DEMO.gammaUser, password: PASSWORD } });
    cookie = `sid=${login.cookies.find((c) => c.name === 'sid')?.value}`;
    await send('GET', '/api/getConnectedUser'); // its rights computed and cached, as for the Acme admin above
    for (const [label, body] of [
      ['contractor: first page', {}],
      ['contractor: name search', { filters: { search: 'hangar' } }],
    ] as const) {
      text += `\n-- ${label}\n${(await statementsOf('POST', SEARCH, body)).join('\n')}\n`;
    }
    cookie = acme;
    await expect(text).toMatchFileSnapshot('./list-statements.sql');
  });
});

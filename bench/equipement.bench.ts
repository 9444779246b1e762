// `npm run bench:equipement -w bench -- [--nodes N] [--seconds S] [--only arbre_compact,recherche,…]` (also run by
// `npm run bench` after the lists): the equipment registry at scale. Creates its own database on the PostgreSQL server
// of DATABASE_URL, adds N equipment (default 100,000) under Acme's demo tree with set-based SQL (10 areas × 100
// workshops × the rest as items, accented and numbered names), starts the server, then for each query measures (a)
// the SQL the API runs, replayed straight on PostgreSQL, and (b) the API over HTTP, by the same number of clients
// (5 for the compact tree, sent gzip-compressed as asked, as the admin, the technician with specific rights and the
// responsable whose profile reads every node; 20 for the search and the detail), after a warm-up not measured. The
// SQL of a query is what the server sends to answer it with its tree cache cold (each is recorded after a write).
// Prints p50/p95/p99 and req/s of both, then one line of JSON. Figures are ratios within one run.
// « Its SQL » read two ways, both measured in the same run: the endpoint's own statements (role and company set once
// per connection: what the endpoint asks of PostgreSQL), and the request's whole SQL as the server sends it (BEGIN
// with the prepared opening — session lookup, role, company, person —, the statements prepared or not as the server
// sends them, COMMIT; a pool of the server's size, DB_POOL_SIZE, 10 by default; a read-only request's COMMIT not
// waited for): what the API costs PostgreSQL, the HTTP side aside.
import { once } from 'node:events';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  arg,
  closedLoop,
  cpuMeter,
  createBenchDatabase,
  onlyArg,
  opensAsServer,
  percentiles,
  type Statement,
  startBenchServer,
  wholeRequestReplay,
} from './kit.ts';

const NODES = arg('nodes', 100_000);
const ONLY = onlyArg();
const SECONDS = arg('seconds', 15);
const WARMUP = Math.min(3, SECONDS);
const log = (m: string) => console.log(`[bench équipements] ${m}`);

const { admin, name, dbUrl } = await createBenchDatabase('bench_eq');

const { server, ask } = startBenchServer(dbUrl, 'bench équipements');
const port = await ask<number>({}, 'port');
const direct = new pg.Pool({ connectionString: dbUrl, max: 20 });
let replay: pg.Pool | undefined;
const whole = wholeRequestReplay(dbUrl);

try {
  const t0 = Date.now();
  log(`création de ${NODES.toLocaleString('fr-FR')} équipements…`);
  // Under Acme's demo root: 10 areas, 100 workshops each, the rest spread as items of the workshops (depth 4).
  const items = Math.max(0, NODES - 1010);
  await direct.query(
    `
    WITH c AS (SELECT id FROM entreprise WHERE nom = 'Acme Énergie'),
         r AS (SELECT e.id, e.entreprise_id FROM equipement e JOIN c ON c.id = e.entreprise_id WHERE e.parent_id IS NULL ORDER BY e.id LIMIT 1),
         b AS (SELECT coalesce(max(id), 0) + 1 AS base FROM equipement),
         n AS (
           SELECT b.base + g AS id, r.id AS parent, ARRAY[r.id, b.base + g] AS path, 'Zone ' || chr(65 + g) || ' — bâtiment ' || (g + 1) AS name, g AS idx
           FROM b, r, generate_series(0, 9) g
           UNION ALL
           SELECT b.base + 10 + g, b.base + g / 100, ARRAY[r.id, b.base + g / 100, b.base + 10 + g],
                  'Atelier ' || (g + 1) || ' — ' || (array['Électricité', 'Utilités', 'Production', 'Énergie'])[1 + g % 4], g % 100
           FROM b, r, generate_series(0, 999) g
           UNION ALL
           SELECT b.base + 1010 + g, b.base + 10 + (g % 1000), ARRAY[r.id, b.base + (g % 1000) / 100, b.base + 10 + (g % 1000), b.base + 1010 + g],
                  (array['Pompe', 'Moteur', 'Compresseur', 'Vanne', 'Ventilateur', 'Convoyeur', 'Armoire électrique', 'Transformateur'])[1 + g % 8]
                    || ' n° ' || g, g / 1000
           FROM b, r, generate_series(0, $1::int - 1) g
         )
    INSERT INTO equipement (id, entreprise_id, parent_id, path, idx, name, number, domaine_tension)
    SELECT n.id, r.entreprise_id, n.parent, n.path, n.idx, n.name, 'EQ-' || n.id, CASE WHEN n.id % 3 = 0 THEN 'BT' END FROM n, r`,
    [items],
  );
  await direct.query(`SELECT setval(pg_get_serial_sequence('equipement', 'id'), (SELECT max(id) FROM equipement))`);
  await direct.query('VACUUM ANALYZE equipement');
  const { rows: total } = await direct.query('SELECT count(*)::int AS n FROM equipement');
  log(`${total[0].n} équipements prêts en ${Math.round((Date.now() - t0) / 1000)} s`);
  const { rows: some } = await direct.query(`SELECT id FROM equipement WHERE name LIKE 'Compresseur n° %' ORDER BY id DESC LIMIT 1`);
  const detailId = Number(some[0]?.id ?? 1);

  const base = `http://127.0.0.1:${port}`;
  const signIn = async (mail: string) => {
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mail, password: 'Demo-2026!' }),
    });
    return (login.headers.get('set-cookie') ?? '').split(';')[0];
  };
  const cookies = {
    admin: await signIn('admin@acme.demo.fr'),
    technicien: await signIn('technicien@acme.demo.fr'),
    responsable: await signIn('responsable@acme.demo.fr'),
  };

  // The technician reads only the « Utilités » subtree (specific rights of the demo: a full answer of a few rows); the
  // responsable's profile reads every node through a right on every equipment (the compact tree, filtered).
  type Query = { name: string; path: string; clients: number; gzip?: boolean; as: keyof typeof cookies };
  const allQueries: Query[] = [
    { name: 'arbre_compact', path: '/api/v2/equipement/get', clients: 5, gzip: true, as: 'admin' },
    { name: 'arbre_technicien', path: '/api/v2/equipement/get', clients: 5, gzip: true, as: 'technicien' },
    { name: 'arbre_responsable', path: '/api/v2/equipement/get', clients: 5, gzip: true, as: 'responsable' },
    { name: 'recherche', path: `/api/v2/equipement/get?search=${encodeURIComponent('compresseur n° 1234')}`, clients: 20, as: 'admin' },
    { name: 'detail', path: `/api/v2/equipement/get/${detailId}`, clients: 20, as: 'admin' },
    // The floor of any API request on this machine: the free fields of the registry, one tiny statement.
    { name: 'plancher', path: '/api/v2/equipement/champs', clients: 20, as: 'admin' },
  ];
  const queries = ONLY ? allQueries.filter((q) => ONLY.includes(q.name)) : allQueries;

  const recorded = new Map<string, { statements: Statement[]; all: Statement[]; bytes: number; info: string }>();
  for (const q of queries) {
    const cookie = cookies[q.as];
    if (q.path === '/api/v2/equipement/get') {
      // A tree: a new tree version (a write that changes nothing: the trigger of migration 0023 bumps it) so that the
      // server's cache of the compact tree is cold: the statements recorded are those that build the answer.
      await direct.query(
        `UPDATE equipement SET idx = idx WHERE id = (SELECT min(e.id) FROM equipement e JOIN entreprise c ON c.id = e.entreprise_id WHERE c.nom = 'Acme Énergie')`,
      );
    } else {
      // A search or a detail comes after the tree was read (as in the web screen): the cache is warm.
      await fetch(`${base}/api/v2/equipement/get`, { headers: { cookie: cookies.admin } }).then((r) => r.arrayBuffer());
    }
    await ask({ record: true }, 'recording');
    const check = await fetch(`${base}${q.path}`, { headers: { cookie } });
    const text = await check.text();
    const all = await ask<Statement[]>({ record: false }, 'statements');
    const statements = all.filter((r) => /\bequipement\w*\b|app_search_key/i.test(r.sql) && !/set_config/.test(r.sql));
    if (check.status !== 200 || !statements.length) throw new Error(`${q.name}: ${check.status} ${text.slice(0, 200)}`);
    if (!opensAsServer(all)) throw new Error(`${q.name}: pas d'ouverture enregistrée`);
    const json = JSON.parse(text) as { form?: string; total?: number; nodes?: unknown[]; name?: string };
    const info = Array.isArray(json)
      ? `${json.length} lignes`
      : json.form
        ? `${json.form}, ${json.form === 'compact' ? json.total : json.nodes?.length} lignes`
        : `« ${json.name} »`;
    if (process.env.BENCH_DEBUG) for (const st of statements) console.log(q.name, st.sql.slice(0, 300), JSON.stringify(st.params));
    recorded.set(q.name, { statements, all, bytes: text.length, info });
  }

  const { rows: acme } = await direct.query(`SELECT id FROM entreprise WHERE nom = 'Acme Énergie'`);
  replay = new pg.Pool({
    connectionString: dbUrl,
    max: 20,
    options: `-c role=securite_app -c app.entreprise_id=${Number(acme[0].id)} -c random_page_cost=1.1`,
  });
  let named = 0;
  for (const r of recorded.values()) for (const st of r.statements) st.name = `bench_eq_${named++}`;

  const { now: cpuNow, since: cpuSince } = cpuMeter(direct, server.pid as number);

  const results = [];
  for (const q of queries) {
    const { statements, all, bytes, info } = recorded.get(q.name) as {
      statements: Statement[];
      all: Statement[];
      bytes: number;
      info: string;
    };
    const loop = (seconds: number, one: () => Promise<unknown>) => closedLoop(q.clients, seconds, one);
    const replayFor = (seconds: number) =>
      loop(seconds, async () => {
        for (const st of statements) await (replay as pg.Pool).query({ name: st.name, text: st.sql, values: st.params as unknown[] });
      });
    await replayFor(WARMUP);
    const sqlCpu0 = await cpuNow();
    const lat = await replayFor(SECONDS);
    const sqlCpu = await cpuSince(sqlCpu0, lat.length);
    const sql = { ...percentiles(lat), rps: Math.round((lat.length / SECONDS) * 10) / 10 };
    const wholeFor = (seconds: number) => loop(seconds, () => whole.run(all));
    await wholeFor(WARMUP);
    const wholeCpu0 = await cpuNow();
    const wlat = await wholeFor(SECONDS);
    const wholeCpu = await cpuSince(wholeCpu0, wlat.length);
    const wsql = { ...percentiles(wlat), rps: Math.round((wlat.length / SECONDS) * 10) / 10 };
    const load = (seconds: number) =>
      autocannon({
        url: `${base}${q.path}`,
        connections: q.clients,
        duration: seconds,
        // A compact tree of 100,000 nodes on a loaded machine may take longer than autocannon's 10 s default.
        timeout: 120,
        headers: { cookie: cookies[q.as], ...(q.gzip ? { 'accept-encoding': 'gzip' } : {}) },
      });
    await load(WARMUP);
    const times: number[] = [];
    const apiCpu0 = await cpuNow();
    const run = load(SECONDS);
    run.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
    const out = await run;
    const apiCpu = await cpuSince(apiCpu0, times.length);
    const api = { ...percentiles(times), rps: Math.round(out.requests.average * 10) / 10, errors: out.non2xx + out.errors };
    console.log(
      `${q.name.padEnd(14)} ${q.clients} clients, ${info}, ${Math.round(bytes / 1024)} Kio | SQL p50 ${sql.p50} p95 ${sql.p95} p99 ${sql.p99} ms ${sql.rps} req/s | API p50 ${api.p50} p95 ${api.p95} p99 ${api.p99} ms ${api.rps} req/s${api.errors ? ` (${api.errors} erreurs)` : ''}`,
    );
    console.log(
      `${''.padEnd(14)} CPU µs par requête : SQL ${sqlCpu.pg + sqlCpu.self} (PostgreSQL ${sqlCpu.pg}, client ${sqlCpu.self}) | API ${apiCpu.node + apiCpu.pg + apiCpu.self} (serveur Node ${apiCpu.node}, PostgreSQL ${apiCpu.pg}, autocannon ${apiCpu.self})`,
    );
    const cpu = (c: { node: number; pg: number; self: number }) => c.node + c.pg + c.self;
    const pct = (x: number) => `${Math.round(x * 100)} %`;
    console.log(
      `${''.padEnd(14)} requête entière en SQL (${all.length} instructions + COMMIT) : p50 ${wsql.p50} p95 ${wsql.p95} p99 ${wsql.p99} ms ${wsql.rps} req/s | CPU µs par requête ${cpu(wholeCpu)} (PostgreSQL ${wholeCpu.pg}, client ${wholeCpu.self})`,
    );
    console.log(
      `${''.padEnd(14)} API / SQL de l'endpoint : ${pct(api.rps / sql.rps)} des req/s (CPU ${pct(cpu(sqlCpu) / cpu(apiCpu))}) | API / requête entière en SQL : ${pct(api.rps / wsql.rps)} des req/s (CPU ${pct(cpu(wholeCpu) / cpu(apiCpu))})`,
    );
    results.push({
      name: q.name,
      clients: q.clients,
      sql_p95_ms: sql.p95,
      sql_rps: sql.rps,
      api_p95_ms: api.p95,
      api_rps: api.rps,
      sql_cpu_us: sqlCpu,
      api_cpu_us: apiCpu,
      whole_sql_p95_ms: wsql.p95,
      whole_sql_rps: wsql.rps,
      whole_sql_cpu_us: wholeCpu,
      rps_ratio: Math.round((api.rps / sql.rps) * 1000) / 1000,
      whole_rps_ratio: Math.round((api.rps / wsql.rps) * 1000) / 1000,
    });
  }
  console.log(
    JSON.stringify({
      nodes: Number(total[0].n),
      queries: results,
      min_rps_ratio: Math.round(Math.min(...results.map((r) => r.api_rps / r.sql_rps)) * 1000) / 1000,
      min_whole_rps_ratio: Math.round(Math.min(...results.map((r) => r.api_rps / r.whole_sql_rps)) * 1000) / 1000,
    }),
  );
} finally {
  await direct.end();
  await replay?.end();
  await whole.end();
  server.send({ stop: true });
  await once(server, 'exit');
  if (process.env.KEEP_DB) log(`base gardée : ${name}`);
  else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

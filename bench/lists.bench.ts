// `npm run bench [-- --rows N]`: the process lists at scale. Creates its own database on the PostgreSQL server
// of DATABASE_URL (default the local one), seeds N processes (default 1,000,000) over two companies with
// set-based SQL, starts the server, then for each list query measures (a) the SQL the API runs, replayed straight
// on PostgreSQL by 20 clients for 15 s, and (b) the API over HTTP by 20 clients for 15 s, signed in as a real
// user, each after 3 s of the same load not measured; and (a') the request's whole SQL as the server sends it
// (opening, statements, COMMIT), the reading of « its SQL » of the ≥ 50 % target. Prints p50/p95/p99 and req/s of
// each, the CPU per request of each side, then one line of JSON. Figures are ratios within one run.
// Options: --rows N, --seconds S, --only name1,name2; KEEP_DB=1 keeps the database, BENCH_DEBUG=1 prints the SQL.
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

const ROWS = arg('rows', 1_000_000);
/** `--only premiere_page,recherche_nom`: measure only these queries (while working on one of them). */
const ONLY = onlyArg();
const SECONDS = arg('seconds', 15);
/** Seconds of load before each measurement, not measured: caches, plans and compiled code settle first. */
const WARMUP = Math.min(3, SECONDS);
const CLIENTS = 20;
const log = (m: string) => console.log(`[bench] ${m}`);

const { admin, name, dbUrl } = await createBenchDatabase('bench');

// The server in its own process (bench/serve.ts), which records on request the SQL it sends (the lists'
// statements are replayed straight below). It migrates the database and writes the demo data before listening.
const { server, ask } = startBenchServer(dbUrl, 'bench');
const port = await ask<number>({}, 'port');
const direct = new pg.Pool({ connectionString: dbUrl, max: CLIENTS });
let replay: pg.Pool | undefined;
const whole = wholeRequestReplay(dbUrl);

try {
  const t0 = Date.now();
  log(`création de ${ROWS.toLocaleString('fr-FR')} processus…`);
  await direct.query(
    `
    WITH c AS (SELECT id, nom FROM entreprise WHERE nom IN ('Acme Énergie', 'Béta Industrie')),
         m AS (SELECT pm.id, pm.entreprise_id, pm.libelle, pm.package, row_number() OVER (PARTITION BY pm.entreprise_id ORDER BY pm.id) - 1 AS k,
                      count(*) OVER (PARTITION BY pm.entreprise_id) AS n
               FROM process_modele pm JOIN c ON c.id = pm.entreprise_id),
         u AS (SELECT DISTINCT ON (entreprise_id) entreprise_id, id, prenom || ' ' || nom AS nom FROM utilisateur ORDER BY entreprise_id, id),
         g AS (SELECT g, (SELECT array_agg(id ORDER BY id) FROM c) AS cs FROM generate_series(1, $1::int) g)
    INSERT INTO process (entreprise_id, numero, process_modele_id, key, nom_process, date_debut, date_fin, equipement, type_consignation,
                         etat, current_ordre, raw_data, created_by_id, last_modify_by_id, modele_libelle, package, preparateur)
    SELECT e.id, (1000 + g.g) * 100, m.id, md5(g.g::text),
           m.libelle || ' ' || (array['TGBT', 'pompe', 'compresseur', 'chaudière', 'convoyeur', 'quai', 'toiture', 'transformateur'])[1 + g.g % 8] || ' n° ' || g.g,
           timestamptz '2025-01-01 08:00+01' + ((g.g::bigint * 7919) % 730)::int * interval '1 day',
           timestamptz '2025-01-01 17:00+01' + ((g.g::bigint * 7919) % 730 + g.g % 5)::int * interval '1 day',
           jsonb_build_object('id', g.g % 2000, 'libelle', 'Équipement ' || lpad((g.g % 2000)::text, 4, '0')),
           CASE WHEN m.package = 'mc' THEN 1 + g.g % 9 END,
           (array['en_cours', 'en_cours', 'en_cours', 'termine', 'termine', 'inactif'])[1 + g.g % 6],
           1 + g.g % 4, '{}'::jsonb, u.id, u.id, m.libelle, m.package, u.nom
    FROM g
    CROSS JOIN LATERAL (SELECT g.cs[1 + g.g % 2] AS id) e
    JOIN m ON m.entreprise_id = e.id AND m.k = (g.g / 2) % m.n
    JOIN u ON u.entreprise_id = e.id`,
    [ROWS],
  );
  await direct.query(`INSERT INTO process_counter (entreprise_id, last) SELECT entreprise_id, max(numero) / 100 FROM process GROUP BY entreprise_id
                      ON CONFLICT (entreprise_id) DO UPDATE SET last = excluded.last`);
  // The lockout register (ticket 15): every process of the lockout software (package mc) has its lockout record,
  // spread over the canonical states and both modes, a third of them consigned at their start.
  await direct.query(`
    INSERT INTO consignation (process_id, entreprise_id, etat, mode, consignee_at)
    SELECT p.id, p.entreprise_id,
           (array['demande', 'preparee', 'consignee', 'en_cours', 'deconsignee', 'cloturee'])[1 + p.id % 6],
           CASE WHEN p.id % 3 = 0 THEN 'deux_etapes' ELSE 'une_etape' END,
           CASE WHEN p.id % 6 IN (2, 3, 4, 5) THEN p.date_debut END
    FROM process p WHERE p.package = 'mc'
    ON CONFLICT (process_id) DO NOTHING`);
  await direct.query('VACUUM ANALYZE process');
  await direct.query('VACUUM ANALYZE consignation');
  // The register's totals (migration 0032), written by the lockouts' trigger in the bulk insert above: analysed like
  // the tables it counts (in production autovacuum does it after such a load).
  await direct.query('VACUUM ANALYZE consignation_etat_compte');
  log(`données prêtes en ${Math.round((Date.now() - t0) / 1000)} s`);

  const base = `http://127.0.0.1:${port}`;
  const cookies = new Map<string, string>();
  const signIn = async (mail: string) => {
    const known = cookies.get(mail);
    if (known) return known;
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mail, password: 'Demo-2026!' }),
    });
    const c = (login.headers.get('set-cookie') ?? '').split(';')[0];
    cookies.set(mail, c);
    return c;
  };
  const TECHNICIEN = 'technicien@acme.demo.fr';
  // The home (« Accueil », GET /api/v2/accueil/get) of three people: the responsable, validator of a step where about
  // one open process in sixteen stands; the technicien; and the person who created every generated process (the worst
  // case of « mes processus » and of steps without rules), whose last visit is marked just before (else « nouveautés »
  // would walk every process he made, all changed by himself since the data was written).
  const { rows: creator } = await direct.query(
    `SELECT u.mail FROM utilisateur u JOIN entreprise e ON e.id = u.entreprise_id WHERE e.nom = 'Acme Énergie' ORDER BY u.id LIMIT 1`,
  );
  const CREATOR = String(creator[0].mail);

  // The deep page: the row 50,000 of the default order, reached with the API's cursor.
  const { rows: deepRow } = await direct.query(
    `SELECT p.id, p.numero, p.sequenced FROM process p JOIN entreprise e ON e.id = p.entreprise_id WHERE e.nom = 'Acme Énergie'
     ORDER BY p.sequenced, p.numero DESC, p.id DESC OFFSET $1 LIMIT 1`,
    [Math.min(49_999, Math.floor(ROWS * 0.4))],
  );
  const deepCursor = Buffer.from(JSON.stringify([deepRow[0].sequenced, deepRow[0].numero, deepRow[0].id])).toString('base64url');

  type Query = { name: string; body?: object; path?: string; method?: 'GET' | 'POST'; as?: string };
  const HOME = '/api/v2/accueil/get?tz=Europe/Paris';
  const REGISTRE = '/api/v2/consignation/get_by_paging?perPage=100';
  const allQueries: Query[] = [
    { name: 'premiere_page', body: {} },
    {
      name: 'statut_et_periode',
      body: { filters: { etat: ['en_cours'], dateDebut: { from: '2025-06-01T00:00:00+02:00', to: '2025-07-01T00:00:00+02:00' } } },
    },
    { name: 'tri_equipement', body: { sort: { key: 'equipement', order: 'asc' } } },
    { name: 'page_profonde', body: { cursor: deepCursor } },
    { name: 'recherche_nom', body: { filters: { search: 'compresseur n° 12' } } },
    { name: 'mes_consignations', body: { variant: 'MES_CONSIGNATIONS' } },
    { name: 'accueil_responsable', path: HOME, method: 'GET', as: 'responsable@acme.demo.fr' },
    { name: 'accueil_technicien', path: HOME, method: 'GET', as: TECHNICIEN },
    { name: 'accueil_createur', path: HOME, method: 'GET', as: CREATOR },
    // The lockout register with its company's code labels and colours: the responsable reads every equipment, the
    // technician only his subtree (specific equipment rights of the demo); the open lockouts filter.
    { name: 'registre', path: REGISTRE, method: 'GET', as: 'responsable@acme.demo.fr' },
    { name: 'registre_ouvertes', path: `${REGISTRE}&ouvertes=true`, method: 'GET', as: 'responsable@acme.demo.fr' },
    { name: 'registre_technicien', path: REGISTRE, method: 'GET', as: TECHNICIEN },
  ];
  const seenCookie = await signIn(CREATOR);
  await fetch(`${base}/api/v2/accueil/seen`, {
    method: 'PUT',
    headers: { cookie: seenCookie, 'content-type': 'application/json' },
    body: '{}',
  });
  const queries = ONLY ? allQueries.filter((q) => ONLY.includes(q.name)) : allQueries;

  // First record, query by query and with nothing else running, the statements the API sends for each list.
  const recorded = new Map<
    string,
    { body: string | undefined; rows: number; statements: Statement[]; all: Statement[]; cookie: string; url: string }
  >();
  for (const q of queries) {
    const method = q.method ?? 'POST';
    const body = method === 'GET' ? undefined : JSON.stringify({ perPage: 100, ...q.body });
    const cookie = await signIn(q.as ?? TECHNICIEN);
    const url = `${base}${q.path ?? '/api/process/search_by_paging'}`;
    // Recorded warm, as under load: the person's rights and menu are computed at their first request after sign-in.
    await fetch(url, { method, headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) }, body }).then((r) =>
      r.arrayBuffer(),
    );
    await ask({ record: true }, 'recording');
    const check = await fetch(url, { method, headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) }, body });
    const json = (await check.json()) as { items?: unknown[]; aSigner?: { total: number }; mesProcessus?: { total: number } };
    // A home counts its first section's entries (bounded).
    const got = { items: json.items ?? Array.from({ length: json.aSigner?.total ?? 0 }) };
    const all = await ask<Statement[]>({ record: false }, 'statements');
    const statements = all.filter(
      (r) =>
        (/\bfrom (process_own as )?"process"/i.test(r.sql) || /\ba_signer\b/.test(r.sql) || /"(consignation|registre_code)"/.test(r.sql)) &&
        !/set_config/.test(r.sql),
    );
    if (check.status !== 200 || !statements.length) throw new Error(`${q.name}: ${check.status}`);
    if (!opensAsServer(all)) throw new Error(`${q.name}: pas d'ouverture enregistrée`);
    if (process.env.BENCH_DEBUG)
      for (const st of statements)
        console.log(q.name, process.env.BENCH_DEBUG === 'full' ? st.sql : st.sql.slice(-300), JSON.stringify(st.params));
    recorded.set(q.name, { body, rows: got.items.length, statements, all, cookie, url });
  }

  // (a) runs the statements as the API does: the application role, the user's company (so row-level security
  // applies), prepared once per connection with a kept generic plan.
  const { rows: acme } = await direct.query(`SELECT id FROM entreprise WHERE nom = 'Acme Énergie'`);
  replay = new pg.Pool({
    connectionString: dbUrl,
    max: CLIENTS,
    options: `-c role=securite_app -c app.entreprise_id=${Number(acme[0].id)} -c plan_cache_mode=force_generic_plan -c random_page_cost=1.1`,
  });
  let named = 0;
  for (const r of recorded.values()) for (const st of r.statements) st.name = `bench_${named++}`;
  const cpu = cpuMeter(direct, server.pid as number);

  const results = [];
  for (const q of queries) {
    const {
      body,
      rows: count,
      statements,
      all,
      cookie,
      url,
    } = recorded.get(q.name) as {
      body: string | undefined;
      rows: number;
      statements: Statement[];
      all: Statement[];
      cookie: string;
      url: string;
    };
    const got = { items: { length: count } };
    // (a) the same statements straight on PostgreSQL, 20 clients, 15 s, after WARMUP s not measured.
    const replayFor = (seconds: number) =>
      closedLoop(CLIENTS, seconds, async () => {
        for (const st of statements) await (replay as pg.Pool).query({ name: st.name, text: st.sql, values: st.params as unknown[] });
      });
    await replayFor(WARMUP);
    const sqlCpu0 = await cpu.now();
    const lat = await replayFor(SECONDS);
    const sqlCpu = await cpu.since(sqlCpu0, lat.length);
    const sql = { ...percentiles(lat), rps: Math.round(lat.length / SECONDS) };
    // (a') the request's whole SQL as the server sends it (opening, statements, COMMIT): the reading of « its SQL »
    // of the ≥ 50 % target (docs/DECISIONS.md « Ticket 13 — quelle lecture de « son SQL » »).
    const wholeFor = (seconds: number) => closedLoop(CLIENTS, seconds, () => whole.run(all));
    await wholeFor(WARMUP);
    const wholeCpu0 = await cpu.now();
    const wlat = await wholeFor(SECONDS);
    const wholeCpu = await cpu.since(wholeCpu0, wlat.length);
    const wsql = { ...percentiles(wlat), rps: Math.round(wlat.length / SECONDS) };

    // (b) the API over HTTP, 20 clients, 15 s, after WARMUP s not measured. autocannon's summary has no 95th
    // percentile (p90, then p97.5): every response's time is kept and the percentiles computed as for (a).
    const load = (seconds: number) =>
      autocannon({
        url,
        method: body === undefined ? 'GET' : 'POST',
        ...(body === undefined ? {} : { body }),
        connections: CLIENTS,
        duration: seconds,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      });
    await load(WARMUP);
    const times: number[] = [];
    const apiCpu0 = await cpu.now();
    const run = load(SECONDS);
    run.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
    const out = await run;
    const apiCpu = await cpu.since(apiCpu0, times.length);
    const api = { ...percentiles(times), rps: Math.round(out.requests.average), errors: out.non2xx + out.errors };
    console.log(
      `${q.name.padEnd(20)} ${String(got.items.length).padStart(3)} lignes | SQL p50 ${sql.p50} p95 ${sql.p95} p99 ${sql.p99} ms ${sql.rps} req/s | API p50 ${api.p50} p95 ${api.p95} p99 ${api.p99} ms ${api.rps} req/s${api.errors ? ` (${api.errors} erreurs)` : ''}`,
    );
    const pct = (x: number) => `${Math.round(x * 100)} %`;
    console.log(
      `${''.padEnd(20)} requête entière en SQL (${all.length} instructions + COMMIT) p95 ${wsql.p95} ms ${wsql.rps} req/s | API / SQL : ${pct(api.rps / sql.rps)} des req/s, API / requête entière : ${pct(api.rps / wsql.rps)} | CPU µs par requête de l'API : serveur Node ${apiCpu.node}, PostgreSQL ${apiCpu.pg}, autocannon ${apiCpu.self} ; SQL rejoué : PostgreSQL ${sqlCpu.pg}, requête entière : PostgreSQL ${wholeCpu.pg}`,
    );
    results.push({
      name: q.name,
      sql_p95_ms: sql.p95,
      sql_rps: sql.rps,
      whole_sql_rps: wsql.rps,
      api_p95_ms: api.p95,
      api_rps: api.rps,
      api_cpu_us: apiCpu,
    });
  }
  const first = results.find((r) => r.name === 'premiere_page');
  const homes = results.filter((r) => r.name.startsWith('accueil_'));
  const deep = results.find((r) => r.name === 'page_profonde');
  console.log(
    JSON.stringify({
      rows: ROWS,
      queries: results,
      worst_api_p95_ms: Math.max(...results.map((r) => r.api_p95_ms)),
      min_rps_ratio: Math.round(Math.min(...results.map((r) => r.api_rps / r.sql_rps)) * 1000) / 1000,
      min_whole_rps_ratio: Math.round(Math.min(...results.map((r) => r.api_rps / r.whole_sql_rps)) * 1000) / 1000,
      deep_vs_first_p95: first && deep ? Math.round((deep.api_p95_ms / first.api_p95_ms) * 100) / 100 : null,
      // The home against the first page of a list, measured in the same run (ratio of API p95).
      home_vs_first_p95:
        first && homes.length ? Math.round((Math.max(...homes.map((h) => h.api_p95_ms)) / first.api_p95_ms) * 100) / 100 : null,
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

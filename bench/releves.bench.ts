// `npm run bench:releves -w bench [-- --seconds S --points N]`: a reading round (`set-captured-values`) of N points
// (default 50), each request a new round (new client ids). Creates its own database on the PostgreSQL server of
// DATABASE_URL, starts the server (bench/serve.ts, demo data), builds a gamme of N points through the API, records the
// statements the API sends for one round, then measures (a) those statements replayed straight on PostgreSQL (the
// application role, the company's row-level security, fresh client ids each time) and (b) the API over HTTP, each
// for S seconds (default 15) by 10 clients after 3 s not measured. Prints p50/p95/p99 and rounds/s of both, then one
// line of JSON. Figures are ratios within one run. KEEP_DB=1 keeps the database.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import autocannon from 'autocannon';
import pg from 'pg';
import { arg, createBenchDatabase, percentiles, type Statement, startBenchServer } from './kit.ts';

const SECONDS = arg('seconds', 15);
const POINTS = arg('points', 50);
const WARMUP = Math.min(3, SECONDS);
const CLIENTS = 10;
const log = (m: string) => console.log(`[bench] ${m}`);

const { admin, name, dbUrl } = await createBenchDatabase('bench_releves');

const { server, ask } = startBenchServer(dbUrl, 'bench');
const port = await ask<number>({}, 'port');
const direct = new pg.Pool({ connectionString: dbUrl, max: 2 });
let replay: pg.Pool | undefined;

try {
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mail: 'admin@acme.demo.fr', password: 'Demo-2026!' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const api = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  const { rows: mr } = await direct.query(`SELECT id FROM logiciel WHERE code = 'mr'`);
  const equipement = (await api('POST', '/api/v2/equipement/create', { parentId: null, name: 'Compresseur banc' })).id as number;
  const gamme = (await api('POST', '/api/gamme/save', { libelle: `Ronde de ${POINTS} points`, logiciel_id: mr[0].id })).id as number;
  const points: number[] = [];
  for (let i = 0; i < POINTS; i++)
    points.push(
      (
        await api('POST', '/api/v2/gamme-modele-metrique/create', {
          gammeId: gamme,
          nom: `Point ${i + 1}`,
          dataType: 'number',
          equipementId: equipement,
          min: 0,
          lowWarning: 10,
          highWarning: 90,
          max: 100,
        })
      ).id,
    );
  const round = () =>
    JSON.stringify({
      values: points.map((metriqueId, i) => ({
        clientId: randomUUID(),
        equipementId: equipement,
        metriqueId,
        value: 40 + (i % 20),
        capturedAt: new Date().toISOString(),
      })),
    });
  // The statements of one round (the readings' own: references, points, insert, read back).
  const body = round();
  await ask({ record: true }, 'recording');
  await api('POST', '/api/equipment/releves/set-captured-values', JSON.parse(body));
  const statements = (await ask<Statement[]>({ record: false }, 'statements')).filter(
    (s) => !/set_config|^\s*(begin|commit)/i.test(s.sql) && !/\bsession\b/i.test(s.sql),
  );
  log(`${statements.length} instructions par ronde`);
  // Each replayed round gets fresh client ids in place of the recorded ones (else every insert would skip).
  const recordedIds = (JSON.parse(body).values as { clientId: string }[]).map((v) => v.clientId);
  const renew = (params: unknown[], fresh: Map<string, string>) =>
    params.map((p) => {
      if (typeof p !== 'string') return p;
      if (fresh.has(p)) return fresh.get(p);
      // A list of ids sent as one array parameter ({id,id,…}).
      return p.startsWith('{') ? p.replace(/[0-9a-f-]{36}/g, (id) => fresh.get(id) ?? id) : p;
    });
  const { rows: acme } = await direct.query(`SELECT id FROM entreprise WHERE nom = 'Acme Énergie'`);
  replay = new pg.Pool({
    connectionString: dbUrl,
    max: CLIENTS,
    options: `-c role=securite_app -c app.entreprise_id=${Number(acme[0].id)}`,
  });
  const perStatement = statements.map(() => 0);
  const replayFor = async (seconds: number) => {
    const lat: number[] = [];
    const stop = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        const c = await (replay as pg.Pool).connect();
        try {
          while (Date.now() < stop) {
            const fresh = new Map(recordedIds.map((id) => [id, randomUUID()]));
            const s = performance.now();
            await c.query('BEGIN');
            for (const [k, st] of statements.entries()) {
              const t0 = performance.now();
              await c.query(st.sql, renew(st.params, fresh) as unknown[]);
              perStatement[k] += performance.now() - t0;
            }
            await c.query('COMMIT');
            lat.push(performance.now() - s);
          }
        } finally {
          c.release();
        }
      }),
    );
    return lat;
  };
  await replayFor(WARMUP);
  const lat = await replayFor(SECONDS);
  if (process.env.BENCH_DEBUG)
    for (const [k, st] of statements.entries())
      console.log(`${Math.round(perStatement[k] / lat.length)} ms  ${st.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
  const sql = { ...percentiles(lat), rps: Math.round((lat.length / SECONDS) * 10) / 10 };
  const load = (seconds: number) =>
    autocannon({
      url: `${base}/api/equipment/releves/set-captured-values`,
      connections: CLIENTS,
      duration: seconds,
      requests: [
        { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, setupRequest: (r: object) => ({ ...r, body: round() }) },
      ],
    });
  await load(WARMUP);
  const times: number[] = [];
  const run = load(SECONDS);
  run.on('response', (_c: unknown, _s: number, _b: number, ms: number) => times.push(ms));
  const out = await run;
  const http = { ...percentiles(times), rps: Math.round(out.requests.average * 10) / 10, errors: out.non2xx + out.errors };
  console.log(
    `set-captured-values ${POINTS} points | SQL p50 ${sql.p50} p95 ${sql.p95} p99 ${sql.p99} ms ${sql.rps} rondes/s | API p50 ${http.p50} p95 ${http.p95} p99 ${http.p99} ms ${http.rps} rondes/s${http.errors ? ` (${http.errors} erreurs)` : ''}`,
  );
  console.log(
    JSON.stringify({
      points: POINTS,
      sql_p95_ms: sql.p95,
      sql_rps: sql.rps,
      api_p95_ms: http.p95,
      api_rps: http.rps,
      rps_ratio: Math.round((http.rps / sql.rps) * 1000) / 1000,
    }),
  );
} finally {
  await direct.end();
  await replay?.end();
  server.send({ stop: true });
  await once(server, 'exit');
  if (process.env.KEEP_DB) log(`base gardée : ${name}`);
  else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

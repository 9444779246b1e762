// `npm run bench`: starts the server on a fresh PostgreSQL database (DATABASE_URL's server, default the local
// one) with the demo data, signs in as a real user, and measures a few routes through HTTP with autocannon.
// Prints p50/p95/p99 and requests per second, then one line of JSON. Figures are ratios within one run.
import autocannon from 'autocannon';
import pg from 'pg';
import { createServer } from '../apps/server/src/server.ts';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const name = `bench_${Date.now()}`;

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;

const server = await createServer({ databaseUrl: url.toString(), demoSeed: true, logLevel: 'error', webDist: '/nonexistent' });
await server.app.listen({ port: 0, host: '127.0.0.1' });
const address = server.app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const login = await fetch(`${base}/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ mail: 'admin@acme.demo.fr', password: 'Demo-2026!' }),
});
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];

const routes = [
  { name: 'health', path: '/api/health' },
  { name: 'connected_user', path: '/api/getConnectedUser' },
  { name: 'users_page', path: '/api/utilisateurs/get_by_company?perPage=50' },
];
const results = [];
for (const r of routes) {
  const out = await autocannon({ url: base + r.path, connections: 20, duration: DURATION, headers: { cookie } });
  const row = {
    name: r.name,
    api_p50_ms: out.latency.p50,
    api_p95_ms: out.latency.p97_5,
    api_p99_ms: out.latency.p99,
    api_rps: out.requests.average,
    errors: out.non2xx + out.errors,
  };
  console.log(
    `${r.name.padEnd(16)} p50 ${row.api_p50_ms} ms  p97.5 ${row.api_p95_ms} ms  p99 ${row.api_p99_ms} ms  ${row.api_rps} req/s  erreurs ${row.errors}`,
  );
  results.push(row);
}
await server.close();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.end();
console.log(JSON.stringify({ engine: 'postgres', queries: results }));

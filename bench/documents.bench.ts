// `npm run bench:documents -w bench [-- --seconds S]`: the PDF of an attestation de consignation (generate_document)
// of the demo's signed lockout (« Consignation transformateur T2 »), asked by 4 clients for S seconds (default 15)
// after 3 s not measured. Creates its own database on the PostgreSQL server of DATABASE_URL and starts the server
// (bench/serve.ts, demo data). Prints p50/p95/p99 and documents/s, then one line of JSON. Target (ticket 15):
// p95 < 300 ms. KEEP_DB=1 keeps the database.
// Then `--sequential N` documents (default 60) asked one after the other: the CPU time of the server process per
// document (user + system, /proc on Linux), less sensitive than latencies to what else runs on the machine.
import { once } from 'node:events';
import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { arg, createBenchDatabase, percentiles, startBenchServer } from './kit.ts';

const SECONDS = arg('seconds', 15);
const WARMUP = Math.min(3, SECONDS);
const CLIENTS = 4;
const SEQUENTIAL = arg('sequential', 60);

/** CPU milliseconds (user + system) the process has used so far, from /proc/<pid>/stat; null where there is none. */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command), in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

const { admin, name, dbUrl } = await createBenchDatabase('bench_documents');
const { server, ask } = startBenchServer(dbUrl, 'bench');
const port = await ask<number>({}, 'port');
const direct = new pg.Pool({ connectionString: dbUrl, max: 1 });

try {
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mail: 'responsable@acme.demo.fr', password: 'Demo-2026!' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const { rows } = await direct.query(`SELECT id FROM process WHERE nom_process = 'Consignation transformateur T2 (arrêt annuel)'`);
  const url = `${base}/api/v2/process/generate_document?processId=${Number(rows[0].id)}&type=attestation_consignation`;
  const first = await fetch(url, { headers: { cookie } });
  if (first.status !== 200) throw new Error(`generate_document: ${first.status} ${await first.text()}`);
  const bytes = (await first.arrayBuffer()).byteLength;
  const load = (seconds: number) => autocannon({ url, connections: CLIENTS, duration: seconds, headers: { cookie } });
  await load(WARMUP);
  const times: number[] = [];
  const run = load(SECONDS);
  run.on('response', (_c: unknown, _s: number, _b: number, ms: number) => times.push(ms));
  const out = await run;
  const http = { ...percentiles(times), rps: Math.round(out.requests.average * 10) / 10, errors: out.non2xx + out.errors };
  console.log(
    `attestation de consignation (${Math.round(bytes / 1024)} Kio) | API p50 ${http.p50} p95 ${http.p95} p99 ${http.p99} ms ${http.rps} documents/s${http.errors ? ` (${http.errors} erreurs)` : ''}`,
  );
  const before = cpuMs(server.pid);
  const started = performance.now();
  for (let i = 0; i < SEQUENTIAL; i++) {
    const r = await fetch(url, { headers: { cookie } });
    await r.arrayBuffer();
  }
  const wall = Math.round(((performance.now() - started) / SEQUENTIAL) * 10) / 10;
  const after = cpuMs(server.pid);
  const cpu = before === null || after === null ? null : Math.round(((after - before) / SEQUENTIAL) * 10) / 10;
  console.log(
    `${SEQUENTIAL} documents l'un après l'autre : ${wall} ms chacun${cpu === null ? '' : `, CPU du serveur ${cpu} ms par document`}`,
  );
  console.log(
    JSON.stringify({
      document: 'attestation_consignation',
      bytes,
      api_p95_ms: http.p95,
      api_rps: http.rps,
      target_p95_ms: 300,
      sequential_ms: wall,
      cpu_ms_per_document: cpu,
    }),
  );
} finally {
  await direct.end();
  server.send({ stop: true });
  await once(server, 'exit');
  if (process.env.KEEP_DB) console.log(`[bench] base gardée : ${name}`);
  else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

// The API server of the benchmark, in its own process (as in production: the load generators do not share its
// event loop). Started by lists.bench.ts with an IPC channel: it answers `{ port }` once listening, records the
// SQL it sends between `{ record: true }` and `{ record: false }` (answered with the statements), and stops on
// `{ stop: true }`.
import { createServer } from '../apps/server/src/server.ts';

let recording: { sql: string; params: unknown[]; prepared?: string }[] | null = null;
const server = await createServer({
  databaseUrl: process.env.BENCH_DATABASE_URL ?? null,
  demoSeed: true,
  logLevel: 'error',
  webDist: '/nonexistent',
  queryLogger: (sql, params, prepared) => recording?.push(prepared ? { sql, params, prepared } : { sql, params }),
});
await server.app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
const address = server.app.server.address();
const send = (m: unknown) => process.send?.(m);
process.on('message', async (m: { record?: boolean; stop?: boolean }) => {
  if (m.record === true) {
    recording = [];
    send({ recording: true });
  } else if (m.record === false) {
    send({ statements: recording ?? [] });
    recording = null;
  } else if (m.stop) {
    await server.close();
    process.exit(0);
  }
});
send({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('SIGTERM', async () => {
  await server.close();
  process.exit(0);
});

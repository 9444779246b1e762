import { ConfigError } from './platform/config.ts';
import { isStartError } from './platform/db/engine.ts';
import { createServer } from './server.ts';

try {
  const server = await createServer();
  const { port, host } = server.config;
  await server.app.listen({ port, host });
  server.app.log.info(`Prêt sur ${server.config.tls ? 'https' : 'http'}://localhost:${port} (base : ${server.database.engine})`);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (e) {
  // What the operator can fix is said in one French sentence; anything else is a bug, with its stack.
  if (isStartError(e) || e instanceof ConfigError) {
    console.error(`\nErreur : ${e.message}\n`);
    process.exit(2);
  }
  console.error(e);
  process.exit(1);
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Repository root (apps/server/src/platform -> ../../../..). */
const ROOT_DIR = path.resolve(here, '../../../..');

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server; absent means the embedded PGlite database in dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  /** Where uploaded files go (default DATA_DIR/files). */
  filesDir: string;
  smtpUrl: string | null;
  /** Public address used in mails (activation links). */
  publicUrl: string;
  /** Create the demo companies and accounts when the database has no company. */
  demoSeed: boolean;
  webDist: string;
  /** Trust X-Forwarded-* from a load balancer (client address, https). */
  trustProxy: boolean;
  logLevel: string;
  /**
   * HTTPS with HTTP/2 (HTTP/1.1 still answered on the same port) when both are given: the PEM files of the server's
   * certificate (its chain) and private key, TLS_CERT and TLS_KEY. Null: plain HTTP (behind a TLS proxy, or tests).
   */
  tls: { certFile: string; keyFile: string } | null;
  /** Test and benchmark hook: sees every SQL statement (PostgreSQL only), and its prepared name when it has one. */
  queryLogger?: (query: string, params: unknown[], prepared?: string) => void;
}

/** Reads the configuration from the environment (documented in the README). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(ROOT_DIR, 'data')),
    filesDir: path.resolve(env.FILES_DIR ?? path.join(env.DATA_DIR ?? path.join(ROOT_DIR, 'data'), 'files')),
    smtpUrl: env.SMTP_URL?.trim() || null,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    // The embedded database seeds itself on first start; a PostgreSQL server only when asked.
    demoSeed: env.DEMO_SEED ? env.DEMO_SEED === '1' || env.DEMO_SEED === 'true' : databaseUrl === null,
    webDist: path.resolve(env.WEB_DIST ?? path.join(ROOT_DIR, 'apps/web/dist')),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
    tls: tlsOf(env),
  };
}

/** A setting the operator gave and that the server cannot use, said in French (the server does not start). */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function tlsOf(env: NodeJS.ProcessEnv): Config['tls'] {
  const certFile = env.TLS_CERT?.trim();
  const keyFile = env.TLS_KEY?.trim();
  if (!certFile && !keyFile) return null;
  if (!certFile || !keyFile) throw new ConfigError('HTTPS demande les deux fichiers : TLS_CERT (certificat) et TLS_KEY (clé privée).');
  return { certFile: path.resolve(certFile), keyFile: path.resolve(keyFile) };
}

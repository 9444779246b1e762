// A self-signed certificate for 127.0.0.1 (openssl, from Debian): for the server's HTTPS/HTTP2 where a run needs one
// (the web audit, scripts/audit-server.mjs; the HTTPS test, apps/server/test/https.test.ts). Valid one day.
//   node scripts/self-signed-certificate.mjs <folder>   writes <folder>/cert.pem and <folder>/key.pem
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Writes cert.pem and key.pem (EC P-256) into `dir`; returns their paths. */
export function selfSignedCertificate(dir) {
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  const args = ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile];
  args.push('-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1');
  const made = spawnSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (made.status !== 0) throw new Error(`certificat auto-signé impossible (openssl) : ${made.stderr?.toString() ?? made.error?.message}`);
  return { certFile, keyFile };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!process.argv[2]) throw new Error('usage : node scripts/self-signed-certificate.mjs <dossier>');
  selfSignedCertificate(path.resolve(process.argv[2]));
}

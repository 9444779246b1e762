import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/platform/config.ts';
import { createServer } from '../src/server.ts';
import { PASSWORD, startTestApp, type TestApp } from './harness.ts';

// The server with a certificate (TLS_CERT, TLS_KEY): HTTPS, HTTP/2 for browsers, HTTP/1.1 still answered on the same
// port (issue 16, docs/DECISIONS.md « Ticket 16 — HTTPS et HTTP/2 servis par le serveur lui-même »). A self-signed
// certificate made for the test (scripts/self-signed-certificate.mjs).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tls-test-'));
const certFile = path.join(dir, 'cert.pem');
const keyFile = path.join(dir, 'key.pem');
const dist = path.join(dir, 'dist');
let ca: Buffer;
let t: TestApp;
let origin: string;

beforeAll(async () => {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../../scripts/self-signed-certificate.mjs'), dir]);
  ca = fs.readFileSync(certFile);
  fs.mkdirSync(dist);
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="fr"><head><title>Sécurité des sites</title></head><body></body></html>',
  );
  fs.writeFileSync(
    path.join(dist, 'login.html'),
    '<!doctype html><html lang="fr"><head><title>Connexion</title></head><body></body></html>',
  );
  t = await startTestApp({ webDist: dist, tls: { certFile, keyFile } });
  origin = await t.baseUrl();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
  /** The body's bytes as received (compressed when the server compressed it). */
  raw: Buffer;
}

/** One HTTP/2 request on its own session; `until` ends a stream that stays open (the live updates) once it matches. */
function h2(method: string, url: string, opts: { headers?: Record<string, string>; body?: string; until?: RegExp } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin, { ca });
    session.on('error', reject);
    const stream = session.request({ ':method': method, ':path': url, ...opts.headers });
    let headers: http2.IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    const done = () => {
      session.close();
      const raw = Buffer.concat(chunks);
      resolve({ status: Number(headers[':status']), headers, body: raw.toString('utf8'), raw });
    };
    stream.on('response', (h) => {
      headers = h;
    });
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (opts.until?.test(Buffer.concat(chunks).toString('utf8'))) {
        stream.close();
        done();
      }
    });
    stream.on('end', done);
    stream.on('error', reject);
    stream.end(opts.body);
  });
}

describe('HTTPS with HTTP/2', () => {
  it('serves the sign-in page over HTTP/2', async () => {
    const page = await h2('GET', '/login');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<title>Connexion</title>');
    // The security headers are there too (set on the raw response, the HTTP/2 compatibility API).
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('signs in, then answers the API and opens the live-update stream over HTTP/2', async () => {
    const login = await h2('POST', '/login', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mail: 'admin@acme.demo.fr', password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0];
    expect(cookie).toMatch(/^sid=/);
    const me = await h2('GET', '/api/getConnectedUser', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body).companyName).toBe('Acme Énergie');
    // Compressed as a browser asks (brotli), as over HTTP/1.1.
    const list = await h2('POST', '/api/process/search_by_paging', {
      headers: { cookie, 'content-type': 'application/json', 'accept-encoding': 'br, gzip', origin },
      body: JSON.stringify({ perPage: 100 }),
    });
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(list.raw).toString('utf8')).items.length).toBeGreaterThan(0);
    // HTTP/2 forbids connection headers: the stream must open without one.
    const events = await h2('GET', '/api/v2/process/events', { headers: { cookie }, until: /event: ready/ });
    expect(events.status).toBe(200);
    expect(events.headers['content-type']).toMatch(/text\/event-stream/);
    expect(events.headers.connection).toBeUndefined();
    expect(events.body).toMatch(/event: ready\ndata: \{"lastEventId":\d+\}/);
  });

  it('still answers HTTP/1.1 clients on the same port', async () => {
    const answer = await new Promise<{ status: number; version: string; body: string }>((resolve, reject) => {
      https
        .get(`${origin}/api/health`, { ca }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            body += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, version: res.httpVersion, body }));
        })
        .on('error', reject);
    });
    expect(answer).toMatchObject({ status: 200, version: '1.1' });
    expect(JSON.parse(answer.body).status).toBe('ok');
  });

  it('refuses to answer a client that does not trust the certificate (it is the server’s own, not a default one)', async () => {
    await expect(
      new Promise((resolve, reject) => {
        const session = http2.connect(origin);
        session.on('connect', resolve);
        session.on('error', reject);
      }),
    ).rejects.toThrow(/self[- ]signed|certificate/i);
  });
});

describe('its settings', () => {
  it('needs both files: one alone is a French start error', () => {
    expect(() => loadConfig({ TLS_CERT: certFile })).toThrow(ConfigError);
    expect(() => loadConfig({ TLS_KEY: keyFile })).toThrow(/TLS_CERT \(certificat\) et TLS_KEY \(clé privée\)/);
    expect(loadConfig({}).tls).toBeNull();
    expect(loadConfig({ TLS_CERT: certFile, TLS_KEY: keyFile }).tls).toEqual({ certFile, keyFile });
  });

  it('says which file it cannot read, and stops before opening the database', async () => {
    const missing = path.join(dir, 'absent.pem');
    await expect(
      createServer({
        databaseUrl: null,
        dataDir: path.join(dir, 'db'),
        demoSeed: false,
        logLevel: 'warn',
        tls: { certFile: missing, keyFile },
      }),
    ).rejects.toThrow(
      new RegExp(`Le fichier du certificat \\(TLS_CERT\\) ${missing.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} est illisible`),
    );
    expect(fs.existsSync(path.join(dir, 'db'))).toBe(false);
  });
});

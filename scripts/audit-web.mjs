// `npm run audit:web`: Lighthouse (performance and accessibility) on the screens of issue 16, signed in as Acme's
// admin, in the mobile preset (simulated throttling, Lighthouse's default) and the desktop one, median of N runs.
// Measures the existing apps/web/dist as it is (builds it only when missing): run `npm run build` first after a change.
// Served as deployed: HTTPS with HTTP/2 (the server's TLS_CERT and TLS_KEY, on a certificate made for the run);
// --http1 measures the same server in plain HTTP/1.1 (six connections at a time, each file a round trip).
// Options: --runs N (default 3) · --pages login,home,list,process,board,editor · --presets mobile,desktop · --http1
//          --out FILE (default docs/perf/audit-web.json) · --reports DIR (keeps each run's full Lighthouse report, to open
//          in the Lighthouse viewer). Chromium: CHROME_PATH (default /usr/bin/chromium). Server port: AUDIT_PORT (3900).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { auditedPages, ensureWebBuild, ROOT, signIn, startAuditServer } from './audit-server.mjs';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string' },
    presets: { type: 'string', default: 'mobile,desktop' },
    out: { type: 'string', default: path.join(ROOT, 'docs/perf/audit-web.json') },
    reports: { type: 'string' },
    http1: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(opts.runs) || 1);
const presets = opts.presets.split(',').map((p) => p.trim());
for (const p of presets) if (p !== 'mobile' && p !== 'desktop') throw new Error(`préréglage inconnu : ${p}`);
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The run's own self-signed certificate (HTTPS, HTTP/2).
  '--ignore-certificate-errors',
];

/** One Chrome DevTools Protocol command on the browser target (cookies are browser-wide). */
async function browserCommand(port, method, params) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const ws = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error('DevTools injoignable'));
  });
  try {
    return await new Promise((resolve, reject) => {
      ws.onmessage = (m) => {
        const msg = JSON.parse(String(m.data));
        if (msg.id !== 1) return;
        if (msg.error) reject(new Error(`${method} : ${msg.error.message}`));
        else resolve(msg.result);
      };
      ws.send(JSON.stringify({ id: 1, method, params }));
    });
  } finally {
    ws.close();
  }
}

/** The median of the values measured (a run Lighthouse could not measure has none); null without any. */
const median = (values) => {
  const s = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const round = (x, digits = 0) => (x === null ? null : Number(x.toFixed(digits)));

/** What one Lighthouse report says about a screen. */
function summary(lhr) {
  const a11y = lhr.categories.accessibility;
  return {
    performance: lhr.categories.performance.score === null ? null : Math.round(lhr.categories.performance.score * 100),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    fcpMs: lhr.audits['first-contentful-paint'].numericValue,
    transferKiB: lhr.audits['total-byte-weight'].numericValue / 1024,
    accessibility: a11y.score === null ? null : Math.round(a11y.score * 100),
    failingA11y: a11y.auditRefs.map((r) => r.id).filter((id) => lhr.audits[id].score === 0),
    finalUrl: lhr.finalDisplayedUrl,
    runtimeError: lhr.runtimeError?.code ?? null,
  };
}

ensureWebBuild();
const server = await startAuditServer({ tls: !opts.http1 });
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
const results = [];
try {
  const cookies = await signIn(server.baseUrl);
  let pages = await auditedPages(server.db);
  if (opts.pages) {
    const wanted = opts.pages.split(',').map((p) => p.trim());
    pages = pages.filter((p) => wanted.includes(p.name));
  }
  for (const page of pages) {
    for (const preset of presets) {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        await browserCommand(chrome.port, 'Storage.clearCookies', {});
        if (page.signedIn) {
          const list = cookies.map((c) => ({ name: c.name, value: c.value, url: server.baseUrl, httpOnly: c.httpOnly }));
          await browserCommand(chrome.port, 'Storage.setCookies', { cookies: list });
        }
        const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
        // A run Lighthouse could not measure (no paint seen in time on a busy machine: runtimeError, no score) is
        // run again, twice at most.
        let result;
        for (let attempt = 0; attempt < 3; attempt++) {
          result = await lighthouse(`${server.baseUrl}${page.path}`, flags, preset === 'desktop' ? desktopConfig : undefined);
          if (!result.lhr.runtimeError && result.lhr.categories.performance.score !== null) break;
          console.warn(
            `[audit] ${page.name} ${preset} : mesure impossible (${result.lhr.runtimeError?.code ?? 'pas de score'}), nouvel essai`,
          );
        }
        const s = summary(result.lhr);
        // A signed-in screen that ended on the sign-in page measured the wrong thing.
        if (page.signedIn && new URL(s.finalUrl).pathname === '/login') throw new Error(`${page.path} a renvoyé vers /login`);
        if (opts.reports) {
          fs.mkdirSync(opts.reports, { recursive: true });
          fs.writeFileSync(path.join(opts.reports, `${page.name}-${preset}-${i + 1}.json`), JSON.stringify(result.lhr));
        }
        samples.push(s);
        console.log(
          `[audit] ${page.name} ${preset} ${i + 1}/${runs} : perf ${s.performance}, LCP ${(s.lcpMs / 1000).toFixed(1)} s, a11y ${s.accessibility}`,
        );
      }
      const pick = (k) => median(samples.map((s) => s[k]));
      results.push({
        page: page.name,
        label: page.label,
        path: page.path,
        preset,
        runs,
        median: {
          performance: round(pick('performance')),
          lcpMs: round(pick('lcpMs')),
          tbtMs: round(pick('tbtMs')),
          cls: round(pick('cls'), 3),
          fcpMs: round(pick('fcpMs')),
          transferKiB: round(pick('transferKiB')),
          accessibility: round(pick('accessibility')),
        },
        failingA11y: [...new Set(samples.flatMap((s) => s.failingA11y))].sort(),
        samples,
      });
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}

const commit = (() => {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
})();
fs.mkdirSync(path.dirname(opts.out), { recursive: true });
const protocol = opts.http1 ? 'http/1.1' : 'h2';
fs.writeFileSync(opts.out, `${JSON.stringify({ date: new Date().toISOString(), commit, runs, protocol, results }, null, 2)}\n`);

const header = '| page | préréglage | perf | LCP (s) | TBT (ms) | CLS | transfert (KiB) | a11y | audits a11y en échec |';
console.log(`\n${header}\n|---|---|---|---|---|---|---|---|---|`);
const cell = (x, f = String) => (x === null ? '—' : f(x));
for (const r of results) {
  const m = r.median;
  const cells = [
    r.label,
    r.preset,
    cell(m.performance),
    cell(m.lcpMs, (v) => (v / 1000).toFixed(1)),
    cell(m.tbtMs),
    cell(m.cls),
    cell(m.transferKiB),
    cell(m.accessibility),
    r.failingA11y.join(', ') || '—',
  ];
  console.log(`| ${cells.join(' | ')} |`);
}
console.log(`\nMédianes de ${runs} passage(s), ${opts.http1 ? 'HTTP/1.1' : 'HTTPS et HTTP/2'} ; détail : ${path.relative(ROOT, opts.out)}`);

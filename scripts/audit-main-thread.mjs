// Measures the main thread's work of a screen's first display, in figures that do not depend much on the machine's
// load (issue 16: Lighthouse's scores move with the load of a shared machine, these much less): CPU time of the
// renderer's main thread (Performance.getMetrics in thread time: tasks, script, style, layout), the number of style
// recalculations and layouts, the DOM elements shown, the JS and CSS bytes loaded. Builds can be compared A/B,
// interleaved (each served by its own server on its own database with the demo data):
//
//   npm run build && node scripts/audit-main-thread.mjs                       (the current apps/web/dist)
//   node scripts/audit-main-thread.mjs --dist main=/tmp/dist-main,branch=apps/web/dist --runs 5 --pages process,board
//
// Options: --runs N (default 5) · --pages home,list,process,board,editor (also login) · --rate 4 (CPU slowdown, as
// Lighthouse's mobile preset) · --preset mobile|desktop · --profile (prints the functions with the most self time,
// from a CPU profile of each load) · --tasks (prints each load's long tasks) · --json FILE. Long tasks: those over
// 50 ms (PerformanceObserver 'longtask', wall time of the slowed-down processor, so they move with the machine's
// load), their count, the longest, and their blocking time (the sum of their parts over 50 ms, as Lighthouse's TBT;
// all of them and those after the first contentful paint). Chromium: CHROME_PATH (default /usr/bin/chromium).

import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { auditedPages, ROOT, signIn, startAuditServer } from './audit-server.mjs';

const { values: opts } = parseArgs({
  options: {
    dist: { type: 'string' },
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: 'home,list,process,board,editor' },
    rate: { type: 'string', default: '4' },
    preset: { type: 'string', default: 'mobile' },
    profile: { type: 'boolean', default: false },
    resources: { type: 'boolean', default: false },
    tasks: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const RUNS = Math.max(1, Number(opts.runs) || 1);
const RATE = Number(opts.rate) || 1;
const variants = (opts.dist ?? `current=${path.join(ROOT, 'apps/web/dist')}`).split(',').map((pair, i) => {
  const [name, dir] = pair.includes('=') ? pair.split('=') : [`v${i + 1}`, pair];
  const dist = path.resolve(dir);
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} : pas d'index.html (npm run build)`);
  return { name, dist };
});
const wantedPages = opts.pages.split(',').map((p) => p.trim());
const CONTEXT =
  opts.preset === 'desktop'
    ? { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1 }
    : { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** Metrics of Performance.getMetrics kept (durations in seconds of main-thread CPU time, shown in ms). */
const DURATIONS = ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'];
const COUNTS = ['RecalcStyleCount', 'LayoutCount', 'Nodes', 'JSEventListeners'];

/**
 * The screen is shown: a heading in `main`, nothing loading in it (no busy region, no loader), then the main
 * thread quiet (less than 3 ms of CPU over 400 ms, three times in a row).
 */
async function waitShown(page, cdp) {
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main') ?? document.body;
      return (
        main.querySelector('h1') !== null && main.querySelector('[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root') === null
      );
    },
    null,
    { timeout: 120_000, polling: 200 },
  );
  let quiet = 0;
  let last = await taskSeconds(cdp);
  for (let i = 0; i < 200 && quiet < 3; i++) {
    await new Promise((r) => setTimeout(r, 400));
    const now = await taskSeconds(cdp);
    quiet = now - last < 0.003 ? quiet + 1 : 0;
    last = now;
  }
}

async function taskSeconds(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
}

/** Self time by function (ms of samples) of a CPU profile, the app's own functions and libraries named by file. */
function selfTimes(profile, into) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const n = byId.get(profile.samples[i]);
    const f = n.callFrame;
    const file = f.url ? f.url.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js') : '';
    const key = `${f.functionName || '(anonyme)'} ${file}${file ? `:${f.lineNumber + 1}` : ''}`;
    into.set(key, (into.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  }
}

async function measure(browser, server, pagePath, profiles) {
  const context = await browser.newContext({ ...CONTEXT, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  try {
    if (server.cookies.length) {
      await context.addCookies(server.cookies.map((c) => ({ name: c.name, value: c.value, url: server.baseUrl, httpOnly: c.httpOnly })));
    }
    // The largest contentful paint, as the page saw it (wall time: it depends on the machine's load).
    // And the long tasks (over 50 ms, wall time of the slowed-down processor): Lighthouse's total blocking time is
    // the sum of their parts over 50 ms between the first contentful paint and the page's quiet.
    await context.addInitScript(() => {
      window.__lcp = null;
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__lcp = e.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    if (RATE > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    if (profiles && opts.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${server.baseUrl}${pagePath}`, { waitUntil: 'load', timeout: 120_000 });
    await waitShown(page, cdp);
    if (profiles && opts.profile) selfTimes((await cdp.send('Profiler.stop')).profile, profiles);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
    const inPage = await page.evaluate(() => {
      const res = performance.getEntriesByType('resource');
      const sum = (re) => res.filter((r) => re.test(new URL(r.name).pathname)).reduce((s, r) => s + r.decodedBodySize, 0);
      const count = (sel) => {
        const el = document.querySelector(sel);
        return el ? el.getElementsByTagName('*').length : 0;
      };
      const files = res
        .filter((r) => /\.(js|css)$/.test(new URL(r.name).pathname))
        .map((r) => ({ file: new URL(r.name).pathname.replace(/^\/assets\//, ''), kib: r.decodedBodySize / 1024, start: r.startTime }));
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const tasks = window.__longTasks;
      const blocking = (list) => list.reduce((s, [, d]) => s + Math.max(0, d - 50), 0);
      return {
        files,
        longTasks: tasks.length,
        longestTaskMs: tasks.reduce((m, [, d]) => Math.max(m, d), 0),
        blockingMs: blocking(tasks),
        blockingAfterFcpMs: blocking(tasks.filter(([start]) => start >= fcp)),
        longTaskList: tasks.map(([start, d]) => `${Math.round(start)}+${Math.round(d)}`).join(' '),
        elements: document.getElementsByTagName('*').length,
        headerElements: count('header'),
        navElements: count('nav.mantine-AppShell-navbar'),
        mainElements: count('main'),
        jsKiB: sum(/\.js$/) / 1024,
        cssKiB: sum(/\.css$/) / 1024,
        lcpMs: window.__lcp,
      };
    });
    const { files, longTaskList, ...out } = inPage;
    if (opts.tasks) console.log(`[main-thread] ${pagePath} : tâches longues (début+durée, ms) ${longTaskList}`);
    if (opts.resources && !profiles?.printed) {
      if (profiles) profiles.printed = true;
      console.log(`[main-thread] ${pagePath} : ${files.length} fichiers`);
      for (const f of files.sort((a, b) => a.start - b.start))
        console.log(`  ${f.start.toFixed(0).padStart(6)} ms  ${f.kib.toFixed(1).padStart(7)} Kio  ${f.file}`);
    }
    for (const k of DURATIONS) out[k] = (m[k] ?? 0) * 1000;
    for (const k of COUNTS) out[k] = m[k] ?? 0;
    return out;
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

const servers = [];
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
});
const results = [];
try {
  const basePort = Number(process.env.AUDIT_PORT ?? 3900 + (process.pid % 50) * 2);
  for (const [i, v] of variants.entries()) {
    const server = await startAuditServer({ port: basePort + i, env: { WEB_DIST: v.dist } });
    servers.push(server);
    const pages = await auditedPages(server.db);
    v.server = { ...server, cookies: await signIn(server.baseUrl) };
    v.pages = Object.fromEntries(pages.map((p) => [p.name, p]));
  }
  // One load of each page per variant before measuring (the server's first answers, the disk cache of the files).
  for (const name of wantedPages) {
    for (const v of variants) {
      const p = v.pages[name];
      if (!p) throw new Error(`page inconnue : ${name}`);
      await measure(browser, { ...v.server, cookies: p.signedIn ? v.server.cookies : [] }, p.path, null);
    }
  }
  for (const name of wantedPages) {
    const samples = Object.fromEntries(variants.map((v) => [v.name, []]));
    const profiles = Object.fromEntries(variants.map((v) => [v.name, opts.profile || opts.resources ? new Map() : null]));
    for (let r = 0; r < RUNS; r++) {
      // Interleaved, the order alternating: A B, B A, A B…
      const order = r % 2 ? [...variants].reverse() : variants;
      for (const v of order) {
        const p = v.pages[name];
        const s = await measure(browser, { ...v.server, cookies: p.signedIn ? v.server.cookies : [] }, p.path, profiles[v.name]);
        samples[v.name].push(s);
        console.log(
          `[main-thread] ${name} ${v.name} ${r + 1}/${RUNS} : tâches ${s.TaskDuration.toFixed(0)} ms, script ${s.ScriptDuration.toFixed(0)}, style ${s.RecalcStyleDuration.toFixed(0)} (${s.RecalcStyleCount}), mise en page ${s.LayoutDuration.toFixed(0)} (${s.LayoutCount}), ${s.elements} éléments ; ${s.longTasks} tâches longues, la plus longue ${s.longestTaskMs.toFixed(0)} ms, blocage ${s.blockingMs.toFixed(0)} ms (${s.blockingAfterFcpMs.toFixed(0)} après FCP)`,
        );
      }
    }
    const row = { page: name, variants: {} };
    for (const v of variants) {
      const med = {};
      for (const k of Object.keys(samples[v.name][0])) med[k] = median(samples[v.name].map((s) => s[k]));
      row.variants[v.name] = { median: med, samples: samples[v.name] };
      if (opts.profile) {
        const top = [...profiles[v.name]].sort((a, b) => b[1] - a[1]).slice(0, 40);
        console.log(`\n[main-thread] ${name} ${v.name} : temps propre (ms, ${RUNS} chargements)`);
        for (const [fn, ms] of top) console.log(`  ${ms.toFixed(0).padStart(6)}  ${fn}`);
      }
    }
    results.push(row);
  }
} finally {
  await browser.close();
  for (const s of servers) await s.stop();
}

const cols = [
  ['TaskDuration', 'tâches (ms)'],
  ['ScriptDuration', 'script (ms)'],
  ['RecalcStyleDuration', 'style (ms)'],
  ['LayoutDuration', 'mise en page (ms)'],
  ['longTasks', 'tâches longues'],
  ['longestTaskMs', 'la plus longue (ms)'],
  ['blockingMs', 'blocage > 50 ms (ms)'],
  ['blockingAfterFcpMs', 'dont après FCP'],
  ['RecalcStyleCount', 'recalculs de style'],
  ['LayoutCount', 'mises en page'],
  ['elements', 'éléments'],
  ['navElements', 'dont menu'],
  ['mainElements', 'dont main'],
  ['jsKiB', 'JS (Kio brut)'],
  ['cssKiB', 'CSS (Kio brut)'],
  ['lcpMs', 'LCP (ms, selon la charge)'],
];
console.log(
  `\nTravail du fil principal au premier affichage : médianes de ${RUNS}, temps processeur du fil (threadTicks), processeur ralenti ${RATE}×, ${opts.preset}\n`,
);
console.log(`| page | variante | ${cols.map((c) => c[1]).join(' | ')} |`);
console.log(`|---|---|${cols.map(() => '---').join('|')}|`);
for (const row of results) {
  const first = row.variants[variants[0].name].median;
  for (const v of variants) {
    const m = row.variants[v.name].median;
    const cell = (k) => {
      const x = m[k];
      if (x === null) return '—';
      const shown = k.endsWith('KiB') ? x.toFixed(0) : Math.round(x).toString();
      if (v === variants[0] || !first[k]) return shown;
      return `${shown} (${x / first[k] >= 1 ? '+' : ''}${Math.round((x / first[k] - 1) * 100)} %)`;
    };
    console.log(`| ${row.page} | ${v.name} | ${cols.map(([k]) => cell(k)).join(' | ')} |`);
  }
}
if (opts.json) fs.writeFileSync(opts.json, JSON.stringify({ rate: RATE, preset: opts.preset, runs: RUNS, results }, null, 2));

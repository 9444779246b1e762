// Measures how fast the screens answer a tap or a key on a mid-range phone: the interaction latency (Event Timing
// `duration`: from the input to the next paint) of the process page's tabs, typing in a list's search and clicking
// a sort header, in Chromium with the CPU slowed 4× (Lighthouse's mobile profile). A measurement, not a test:
// figures go to docs/PERFORMANCE.md (« Interactions (profil mobile) »).
//
//   npm run build && npm run audit:interactions [-- --rate 4 --repeats 5 --url http://127.0.0.1:3000]
//
// Without --url it starts the server like the e2e run (e2e/start-server.mjs: fresh PostgreSQL database, demo data)
// and stops it at the end (the database is dropped).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '4' },
    repeats: { type: 'string', default: '5' },
    url: { type: 'string' },
    port: { type: 'string', default: String(3900 + (process.pid % 90)) },
  },
});
const RATE = Number(args.rate);
const REPEATS = Number(args.repeats);
const MAIL = 'admin@acme.demo.fr';
const PASSWORD = 'Demo-2026!';
const LIST = 'MES_CONSIGNATIONS';
const PROCESS_ROW = 'Consignation pompe de relevage P12';
const TABS = ['Fichiers', 'Journal', 'Sous-processus', 'Formulaire'];

/** Starts e2e/start-server.mjs on `port` and resolves once /api/health answers. */
async function startServer(port) {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error("Construire l'application d'abord : npm run build");
  const child = spawn(process.execPath, ['e2e/start-server.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: port },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté (code ${child.exitCode})`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('le serveur ne répond pas');
    await new Promise((r) => setTimeout(r, 500));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { base, stop };
}

/** Collects every Event Timing entry of the page (16 ms and more: the API's floor). */
function observeEvents() {
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__events.push({ name: e.name, duration: e.duration, interactionId: e.interactionId });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/**
 * Runs `act` and returns the latency of the interaction it caused: the longest Event Timing entry of the
 * interaction's events (pointer, click, key). 0 when every entry stayed under the API's 16 ms floor.
 */
async function latencyOf(page, act, done) {
  await page.evaluate(() => {
    window.__events.length = 0;
  });
  await act();
  // Entries are queued after the paint that follows the input: two frames, then the observer's task. Nothing of
  // Playwright runs in the page until then (its locators run script in the page and would lengthen the measure).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100)))));
  if (done) await done();
  return page.evaluate(() =>
    window.__events.filter((e) => e.interactionId > 0).reduce((max, e) => Math.max(max, Math.round(e.duration)), 0),
  );
}

/** A tap at the centre of `locator`, found before the measure (no locator script in the page during it). */
async function tapTarget(locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} n'est pas visible`);
  return (page) => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

const show = (ms) => (ms === 0 ? '< 16' : String(ms));

async function main() {
  const server = args.url ? { base: args.url.replace(/\/$/, ''), stop: async () => {} } : await startServer(args.port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const results = [];
  try {
    // Lighthouse's mobile screen (Moto G Power: 412 × 823), touch, French.
    const context = await browser.newContext({
      baseURL: server.base,
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
    });
    await context.addInitScript(observeEvents);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Adresse e-mail').fill(MAIL);
    await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(/\/app\/?$/);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });

    // The list: typing in its search, then sorting by a header.
    await page.goto(`/app/listes/${LIST}`);
    const table = page.getByRole('table', { name: 'Mes consignations' });
    await table.getByRole('row', { name: PROCESS_ROW }).waitFor();
    const search = page.getByRole('textbox', { name: 'Rechercher' });
    await search.click();
    const typing = [];
    for (const key of 'pompe'.slice(0, REPEATS).padEnd(REPEATS, 'e')) typing.push(await latencyOf(page, () => page.keyboard.type(key)));
    await search.fill('');
    await page.waitForURL((u) => !u.searchParams.has('search'));
    await table.getByRole('row', { name: PROCESS_ROW }).waitFor();
    results.push({ name: `Liste ${LIST} : saisie dans la recherche`, values: typing });

    const sortButton = table.getByRole('columnheader', { name: /^Début/ }).getByRole('button');
    const sorting = [];
    for (let i = 0; i < REPEATS; i++) {
      const tap = await tapTarget(sortButton);
      sorting.push(
        await latencyOf(
          page,
          () => tap(page),
          () => table.and(page.locator('[aria-busy="false"]')).waitFor(),
        ),
      );
    }
    results.push({ name: `Liste ${LIST} : tri par un en-tête`, values: sorting });

    // The process page: each tab, REPEATS rounds (the first loads the tab's data).
    await page.goto(`/app/listes/${LIST}`);
    await table.getByRole('row', { name: PROCESS_ROW }).click();
    await page.waitForURL(/\/app\/processus\/\d+$/);
    await page.getByRole('tab', { name: 'Journal' }).waitFor();
    const byTab = Object.fromEntries(TABS.map((tab) => [tab, []]));
    for (let i = 0; i < REPEATS; i++) {
      for (const tab of TABS) {
        const tap = await tapTarget(page.getByRole('tab', { name: tab }));
        byTab[tab].push(
          await latencyOf(
            page,
            () => tap(page),
            () => page.getByRole('tab', { name: tab, selected: true }).waitFor(),
          ),
        );
      }
    }
    for (const tab of TABS) results.push({ name: `Processus : onglet « ${tab} »`, values: byTab[tab] });
  } finally {
    await browser.close();
    await server.stop();
  }

  console.log(`\nLatence des interactions (Event Timing, ms), processeur ralenti ${RATE}×, écran 412 × 823, ${REPEATS} répétitions\n`);
  console.log('| interaction | max | médiane | mesures |');
  console.log('|---|---|---|---|');
  for (const r of results) {
    const sorted = [...r.values].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    console.log(`| ${r.name} | ${show(sorted.at(-1))} | ${show(median)} | ${r.values.map(show).join(' · ')} |`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});

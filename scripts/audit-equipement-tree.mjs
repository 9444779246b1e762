// Measures the equipment tree of the web app at 100,000 nodes: how long it takes to show, and the latency of each
// interaction (Event Timing `duration`: from the input to the next paint) — opening a node, moving with the arrows,
// scrolling, typing a search and its result (also one matching most nodes: the full form), a row menu — in Chromium
// with the CPU slowed 4×. Long tasks seen while scrolling or while a search's answer is drawn are reported too. A
// measurement, not a test: figures go to docs/PERFORMANCE.md (« Arbre des équipements »).
//
//   npm run build && node scripts/audit-equipement-tree.mjs [-- --nodes 100000 --rate 4 --repeats 5]
//
// It starts the server like the e2e run (e2e/start-server.mjs: fresh PostgreSQL database, demo data), adds the
// nodes to Acme's registry with one SQL statement per level (roots × branches × leaves), then stops the server (the
// database is dropped; the server's whole process group is ended, also on an error, Ctrl+C or a kill). Do not run it
// beside an e2e run: both use e2e/.state.json.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    nodes: { type: 'string', default: '100000' },
    rate: { type: 'string', default: '4' },
    repeats: { type: 'string', default: '5' },
    port: { type: 'string', default: String(3900 + (process.pid % 90)) },
    // Prints the main thread's heaviest functions (CPU profile, self time) during the opening and the wide search.
    profile: { type: 'boolean', default: false },
  },
});
const RATE = Number(args.rate);
const REPEATS = Number(args.repeats);
const NODES = Number(args.nodes);
const MAIL = 'admin@acme.demo.fr';
const PASSWORD = 'Demo-2026!';
// 20 sites × 50 armoires × N/1000 départs: 20 + 1,000 + NODES leaves.
const ROOTS = 20;
const BRANCHES = 50;
const LEAVES = Math.max(1, Math.round(NODES / (ROOTS * BRANCHES)));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts e2e/start-server.mjs in a process group of its own and waits for the server's health. `stop` asks it to
 * stop (it stops the server, drops the database and exits), then kills whatever is left in its group: a server
 * whose parent was killed before it exited (start-server kills `tsx` after 5 s, not the server under it) would
 * otherwise stay behind, holding its port. The group is also killed if this script exits without stopping it.
 */
/** Stops the server of the run (set as soon as it is spawned: a signal during its start stops it too). */
let stopServer = null;

async function startServer(port) {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error("Construire l'application d'abord : npm run build");
  const child = spawn(process.execPath, ['e2e/start-server.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: port },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Nothing left in the group.
    }
  };
  const running = () => child.exitCode === null && child.signalCode === null;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let stopped = false;
  const lastResort = () => {
    if (!stopped) killGroup('SIGKILL');
  };
  process.once('exit', lastResort);
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (running()) {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(30_000)]);
    }
    killGroup('SIGKILL');
    process.off('exit', lastResort);
  };
  stopServer = stop;
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  try {
    for (;;) {
      if (!running()) throw new Error(`le serveur s'est arrêté (code ${child.exitCode ?? child.signalCode})`);
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error('le serveur ne répond pas');
      await sleep(500);
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { base, stop };
}

/** Adds ROOTS × BRANCHES × LEAVES nodes to Acme's registry (ids above the sequence, paths written out). */
async function seed() {
  const { databaseUrl } = JSON.parse(readFileSync(path.join(root, 'e2e/.state.json'), 'utf8'));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query("select id from entreprise where nom ilike 'acme%' order by id limit 1");
    const acme = rows[0].id;
    const base = 10_000_000;
    await client.query('begin');
    await client.query(
      `insert into equipement (id, entreprise_id, parent_id, path, idx, name, number, domaine_tension)
       select $2 + r, $1, null, array[$2 + r], r, 'Site ' || r, 'S' || r, 'HTA' from generate_series(1, $3) r`,
      [acme, base, ROOTS],
    );
    await client.query(
      `insert into equipement (id, entreprise_id, parent_id, path, idx, name, number, domaine_tension)
       select $2 + 1000 + (r - 1) * $4 + b, $1, $2 + r, array[$2 + r, $2 + 1000 + (r - 1) * $4 + b], b,
              'Armoire ' || r || '-' || b, 'A' || r || '-' || b, 'BT'
       from generate_series(1, $3) r, generate_series(1, $4) b`,
      [acme, base, ROOTS, BRANCHES],
    );
    await client.query(
      `insert into equipement (id, entreprise_id, parent_id, path, idx, name, number, domaine_tension)
       select $2 + 1000000 + ((r - 1) * $4 + (b - 1)) * $5 + l, $1, $2 + 1000 + (r - 1) * $4 + b,
              array[$2 + r, $2 + 1000 + (r - 1) * $4 + b, $2 + 1000000 + ((r - 1) * $4 + (b - 1)) * $5 + l], l,
              case when l % 3 = 0 then 'Moteur ' else 'Départ ' end || r || '-' || b || '-' || l, 'D' || r || '-' || b || '-' || l, 'BT'
       from generate_series(1, $3) r, generate_series(1, $4) b, generate_series(1, $5) l`,
      [acme, base, ROOTS, BRANCHES, LEAVES],
    );
    await client.query("select setval(pg_get_serial_sequence('equipement', 'id'), (select max(id) from equipement))");
    await client.query('commit');
    await client.query('analyze equipement');
    const { rows: n } = await client.query('select count(*)::int as n from equipement where entreprise_id = $1', [acme]);
    return n[0].n;
  } finally {
    await client.end();
  }
}

function observeEvents() {
  window.__events = [];
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__events.push({ name: e.name, duration: e.duration, interactionId: e.interactionId });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
}

/** The latency of the interaction `act` causes: the longest Event Timing entry of its events (0: under 16 ms). */
async function latencyOf(page, act, done) {
  await page.evaluate(() => {
    window.__events.length = 0;
  });
  await act();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100)))));
  if (done) await done();
  return page.evaluate(() =>
    window.__events.filter((e) => e.interactionId > 0).reduce((max, e) => Math.max(max, Math.round(e.duration)), 0),
  );
}

/** The longest task while `act` runs (ms, 0 when none over 50 ms). */
async function longestTask(page, act) {
  await page.evaluate(() => {
    window.__long.length = 0;
  });
  await act();
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
  return page.evaluate(() => Math.round(Math.max(0, ...window.__long)));
}

/** Runs `act` under the CDP profiler when --profile is given and prints the 12 functions of most self time. */
async function profiled(cdp, label, act) {
  if (!args.profile) return act();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const out = await act();
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map();
  const dt = new Map();
  for (const [i, id] of profile.samples.entries()) dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  for (const n of profile.nodes) {
    const f = n.callFrame;
    const key = `${f.functionName || '(anonyme)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt.get(n.id) ?? 0) / 1000);
  }
  const top = [...self].filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)')).sort((a, b) => b[1] - a[1]);
  console.error(
    `[profil] ${label} :\n${top
      .slice(0, 12)
      .map(([k, ms]) => `  ${Math.round(ms)} ms  ${k}`)
      .join('\n')}`,
  );
  return out;
}

const show = (ms) => (ms === 0 ? '< 16' : String(ms));

// The server is stopped on the way out whatever happens: an error (main's finally), Ctrl+C or a kill (here).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    console.error(`[audit] ${signal} : arrêt du serveur`);
    void (stopServer?.() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

async function main() {
  const server = await startServer(args.port);
  let browser = null;
  const results = [];
  // Each figure is printed as soon as it is measured (a later failure keeps the earlier ones).
  const push = results.push.bind(results);
  results.push = (r) => {
    console.error(`[mesure] ${r.name} : ${r.values.join(' · ')}${r.note ? ` (${r.note})` : ''}`);
    return push(r);
  };
  let total = 0;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    total = await seed();
    const context = await browser.newContext({
      baseURL: server.base,
      viewport: { width: 1280, height: 800 },
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
    });
    await context.addInitScript(observeEvents);
    const page = await context.newPage();
    // The tree's Web Worker (where the answer is read and built): its User Timing measures.
    const workers = [];
    page.on('worker', (w) => workers.push(w));
    const workerMeasures = async () => {
      const out = [];
      for (const w of workers.filter((x) => x.url().includes('equipement-tree'))) {
        const measures = await w
          .evaluate(() => performance.getEntriesByType('measure').map((m) => `${m.name} ${Math.round(m.duration)} ms`))
          .catch(() => []);
        out.push(...measures);
      }
      return out;
    };
    await page.goto('/login');
    await page.getByLabel('Adresse e-mail').fill(MAIL);
    await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(/\/app\/?$/);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });

    // Opening: from the navigation to the first rows drawn (the compact tree of every node).
    const t0 = Date.now();
    let longOpen = 0;
    longOpen = await profiled(cdp, 'ouverture', () =>
      longestTask(page, async () => {
        await page.goto('/app/equipements');
        await page.getByRole('treeitem', { name: 'Site 1', exact: true }).waitFor({ timeout: 120_000 });
      }),
    );
    const opened = Date.now() - t0;
    const inWorker = await workerMeasures();
    results.push({
      name: `Ouverture de l'écran par son adresse (arbre de ${total} nœuds, l'application démarre), ms jusqu'aux premières lignes`,
      values: [opened],
      note: `tâche la plus longue ${longOpen} ms${inWorker.length ? ` ; dans le worker : ${inWorker.join(', ')}` : ''}`,
    });

    // Opening from the menu, as a person does once signed in: the click on « Installation » is an interaction (Event
    // Timing: from the click to the next paint), then the longest task until the first rows are drawn. The screen's
    // code is already loaded (the opening above); the tree's answer is fetched and built again (its Worker starts anew).
    const menuLink = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Installation', exact: true });
    const fromMenu = [];
    const fromMenuTask = [];
    const fromMenuShown = [];
    for (let i = 0; i < REPEATS; i++) {
      await page.goto('/app');
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
      await menuLink.waitFor();
      let clicked = 0;
      const s = Date.now();
      fromMenuTask.push(
        await longestTask(page, async () => {
          clicked = await latencyOf(page, () => menuLink.click());
          await page.getByRole('treeitem', { name: 'Site 1', exact: true }).waitFor({ timeout: 120_000 });
        }),
      );
      fromMenuShown.push(Date.now() - s);
      fromMenu.push(clicked);
    }
    results.push({ name: 'Ouverture depuis le menu : le clic (Event Timing)', values: fromMenu });
    results.push({ name: "Ouverture depuis le menu : tâche la plus longue jusqu'aux premières lignes", values: fromMenuTask });
    results.push({ name: "Ouverture depuis le menu : ms jusqu'aux premières lignes", values: fromMenuShown });
    await page.goto('/app/equipements');
    await page.getByRole('treeitem', { name: 'Site 1', exact: true }).waitFor({ timeout: 120_000 });

    const tree = page.getByRole('tree');
    await page.getByRole('treeitem', { name: 'Site 1', exact: true }).click();
    const expand = [];
    const arrows = [];
    for (let i = 0; i < REPEATS; i++) {
      // Open a site (50 armoires), go down into its first armoire and open it (N départs), then close both.
      expand.push(await latencyOf(page, () => tree.press('ArrowRight')));
      arrows.push(await latencyOf(page, () => tree.press('ArrowDown')));
      expand.push(await latencyOf(page, () => tree.press('ArrowRight')));
      arrows.push(await latencyOf(page, () => tree.press('ArrowDown')));
      // Back to the armoire, close it, back to the site, close it: the next round starts from the same place.
      for (let k = 0; k < 4; k++) await tree.press('ArrowLeft');
      arrows.push(await latencyOf(page, () => tree.press('ArrowDown')));
      await tree.press('ArrowUp');
    }
    results.push({ name: 'Déplier un nœud (flèche droite)', values: expand });
    results.push({ name: 'Se déplacer (flèche bas)', values: arrows });

    // Everything of Site 1 open (« * » on the armoires' level), then a scroll through it.
    await page.getByRole('treeitem', { name: 'Site 2', exact: true }).click();
    await tree.press('ArrowRight');
    await tree.press('ArrowDown');
    const star = await latencyOf(page, () => tree.press('*'));
    results.push({ name: `« * » : déplier les ${BRANCHES} armoires d'un site (${BRANCHES * LEAVES} lignes)`, values: [star] });
    const scroll = await longestTask(page, async () => {
      for (let i = 0; i < 20; i++) {
        await page.mouse.move(300, 500);
        await page.mouse.wheel(0, 2000);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
      }
    });
    results.push({ name: 'Défilement (20 × 2000 px), tâche la plus longue', values: [scroll] });

    // Search: each key typed, then the answer drawn (matches highlighted, their ancestors open).
    const search = page.getByRole('textbox', { name: "Rechercher dans l'arbre" });
    await search.click();
    const typing = [];
    for (const key of 'moteur 7-1'.split('')) typing.push(await latencyOf(page, () => page.keyboard.type(key)));
    results.push({ name: 'Saisie dans la recherche (par touche)', values: typing });
    const drawn = await longestTask(page, () => page.getByText(/équipements? trouvés?/).waitFor({ timeout: 60_000 }));
    results.push({ name: 'Réponse de la recherche dessinée, tâche la plus longue', values: [drawn] });
    const clear = await latencyOf(page, () => search.fill(''));
    results.push({ name: 'Effacer la recherche', values: [clear] });
    await page.getByText(/équipements? trouvés?/).waitFor({ state: 'detached', timeout: 60_000 });

    // A search matching more than half of the registry (« départ »: two leaves in three): the server answers the
    // whole tree in its full form (S 221), every match shown with its ancestors open.
    let wideTyped = 0;
    const wideDrawn = await profiled(cdp, 'recherche large', () =>
      longestTask(page, async () => {
        wideTyped = await latencyOf(page, () => search.fill('départ'));
        await page.getByText(/équipements? trouvés?/).waitFor({ timeout: 120_000 });
      }),
    );
    results.push({
      name: 'Recherche large (« départ », forme complète) dessinée, tâche la plus longue',
      values: [wideDrawn],
      note: `saisie ${show(wideTyped)} ms ; dans le worker : ${(await workerMeasures()).join(', ') || '—'}`,
    });
    const wideClear = await latencyOf(page, () => search.fill(''));
    results.push({ name: 'Effacer la recherche large', values: [wideClear] });
    await page.getByText(/équipements? trouvés?/).waitFor({ state: 'detached', timeout: 60_000 });

    // A row menu (the keyboard's way to move), opened and closed, on the first row with its detail open (after « * »
    // the other sites are thousands of rows below: not rendered, not clickable).
    await tree.focus();
    await tree.press('Home');
    await tree.press('Enter');
    await page.waitForURL(/\/app\/equipements\/\d+/);
    await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 60_000 });
    const menu = [];
    for (let i = 0; i < REPEATS; i++) {
      menu.push(await latencyOf(page, () => tree.press('Shift+F10')));
      await page.keyboard.press('Escape');
    }
    results.push({ name: 'Menu de la ligne (Maj+F10)', values: menu });
    const select = [];
    for (let i = 0; i < REPEATS; i++) select.push(await latencyOf(page, () => tree.press('ArrowDown')));
    results.push({ name: 'Flèche bas avec le détail ouvert', values: select });
  } finally {
    await browser?.close().catch(() => undefined);
    await server.stop();
  }

  console.log(`\nArbre des équipements : ${total} nœuds, processeur ralenti ${RATE}×, écran 1280 × 800 (Event Timing, ms)\n`);
  console.log('| interaction | max | médiane | mesures |');
  console.log('|---|---|---|---|');
  for (const r of results) {
    const sorted = [...r.values].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    console.log(
      `| ${r.name} | ${show(sorted.at(-1))} | ${show(median)} | ${r.values.map(show).join(' · ')}${r.note ? ` (${r.note})` : ''} |`,
    );
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});

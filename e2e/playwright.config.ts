import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// Two runs on one machine (two clones, CI beside a developer) must not share a port: each run picks its own from
// its process id unless E2E_PORT is given, and sets it for the workers, which read this file again.
process.env.E2E_PORT ??= String(3100 + (process.pid % 800));
const PORT = Number(process.env.E2E_PORT);
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Journeys through the built web app served by the real server on a fresh PostgreSQL database. */
export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Generous bounds, never sleeps: on a busy machine (two suites side by side) a list can take over 10 s to load;
  // a passing step does not wait longer for them.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // The app then shows and hides without fades (theme respectReducedMotion): a notification closing on its own timer
    // while axe reads the screen is never measured half-transparent (a11y.ts).
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node e2e/start-server.mjs',
    cwd: repoRoot,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: { PORT: String(PORT) },
  },
});

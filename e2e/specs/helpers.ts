import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page } from '@playwright/test';
import pg from 'pg';

const PASSWORD = 'Demo-2026!';

export function databaseUrl(): string {
  const state = JSON.parse(readFileSync(fileURLToPath(new URL('../.state.json', import.meta.url)), 'utf8')) as {
    databaseUrl: string;
  };
  return state.databaseUrl;
}

/** Fills the sign-in form and submits it. */
export async function signIn(page: Page, mail: string, password = PASSWORD) {
  // Through /app: the app sends a visitor without a session to /login (also checks that redirect).
  await page.goto('/app');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Adresse e-mail').fill(mail);
  await page.getByLabel(/^Mot de passe/).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

export async function signInOk(page: Page, mail: string) {
  await signIn(page, mail);
  await expect(page).toHaveURL(/\/app\/?$/);
}

/** A new browser context signed in as `mail`; `errors` collects the page's uncaught errors. */
export async function signedInAs(browser: Browser, mail: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`${mail}: ${err.message}`));
  await signInOk(page, mail);
  return { page, errors };
}

/** Draws a scribble on a signature pad with the mouse, then asks to validate it (the caller checks the outcome). */
export async function drawSignature(page: Page, field: string) {
  const canvas = page.getByRole('img', { name: `Zone de signature : ${field}` });
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('Zone de signature invisible');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 20, y + (i % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
  await page.getByRole('button', { name: `Valider la signature « ${field} »` }).click();
}

/** Id of the newest outbox mail to a person (0 when none), to wait for a newer one. */
export async function lastOutboxId(destinataire: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      'select id from outbox where destinataire = $1 order by created_at desc, id desc limit 1',
      [destinataire],
    );
    return rows[0] ? Number(rows[0].id) : 0;
  } finally {
    await client.end();
  }
}

/** Waits for a mail newer than `afterId` and returns the 6-digit code it carries. */
export async function readCode(destinataire: string, afterId: number): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    for (let i = 0; i < 50; i++) {
      const { rows } = await client.query<{ id: string; corps: string }>(
        'select id, corps from outbox where destinataire = $1 and id > $2 order by created_at desc, id desc limit 1',
        [destinataire, afterId],
      );
      const code = rows[0]?.corps.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`Aucun code reçu pour ${destinataire}`);
  } finally {
    await client.end();
  }
}

/** A JSON call from the page (same origin, the session's cookie), failing the test on an error answer. */
export async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const r = await page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p as string, {
        method: m as string,
        headers: b === undefined ? {} : { 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, text: await res.text() };
    },
    [method, path, body] as const,
  );
  expect(r.status, `${method} ${path}: ${r.text}`).toBeLessThan(300);
  return JSON.parse(r.text) as T;
}

import { expect, test } from '@playwright/test';
import pg from 'pg';
import { expectAccessible } from './a11y.ts';
import { databaseUrl, lastOutboxId, readCode, signIn, signInOk } from './helpers.ts';

test('an admin signs in and reaches the app of their company', async ({ page }) => {
  await signInOk(page, 'admin@acme.demo.fr');
  await expect(page.getByTestId('company-name')).toHaveText('Acme Énergie');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Bonjour');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('a bad password shows the error in an alert', async ({ page }) => {
  await signIn(page, 'admin@acme.demo.fr', 'Mauvais-2026!');
  await expect(page.getByRole('alert')).toContainText('Identifiant ou mot de passe incorrect.');
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page, '/login (error)');
});

test('the app without a session goes to the sign-in page, which remembers the page asked for', async ({ page }) => {
  // Without a session the app does not ask for one: no 401 logged in the console.
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/app/utilisateurs');
  await expect(page).toHaveURL(/\/login\?next=%2Fapp%2Futilisateurs$/);
  await page.goto('/app');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expectAccessible(page, '/login');
  expect(errors).toEqual([]);
});

test('the eye button of the password is reached with Tab and shows what was typed', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(/^Mot de passe/).fill('Demo-2026!');
  await page.keyboard.press('Tab');
  const toggle = page.getByRole('button', { name: 'Afficher le mot de passe' });
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel(/^Mot de passe/)).toHaveAttribute('type', 'text');
});

test('an account with two-step verification gets its code by mail, then lands on the page asked for', async ({ page }) => {
  const mail = 'admin@beta.demo.fr';
  const setMfa = async (on: boolean) => {
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    try {
      await client.query('update utilisateur set is_mfa = $1 where mail = $2', [on, mail]);
    } finally {
      await client.end();
    }
  };
  await setMfa(true);
  try {
    await page.goto('/app/utilisateurs');
    await expect(page).toHaveURL(/\/login\?next=%2Fapp%2Futilisateurs$/);
    await page.getByLabel('Adresse e-mail').fill(mail);
    await page.getByLabel(/^Mot de passe/).fill('Demo-2026!');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('heading', { name: 'Vérification en deux étapes' })).toBeVisible();
    const before = await lastOutboxId(mail);
    await page.getByRole('button', { name: 'Envoyer le code' }).click();
    await expect(page.getByRole('status')).toHaveText('Le code a été envoyé.');
    await page.getByLabel('Code de vérification').fill(await readCode(mail, before));
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect(page).toHaveURL(/\/app\/utilisateurs$/);
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  } finally {
    await setMfa(false);
  }
});

import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { signIn, signInOk } from './helpers.ts';

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

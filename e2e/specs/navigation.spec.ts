import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { signInOk } from './helpers.ts';

// Ticket 12, items 3, 6 and 7: deep links survive sign-in, unknown addresses and screens outside one's menu are said
// plainly, list filters live in the address, the lists are menu entries, and the language choice switches the texts.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

async function fillSignIn(page: Page, mail: string) {
  await page.getByLabel('Adresse e-mail').fill(mail);
  await page.getByLabel(/^Mot de passe/).fill('Demo-2026!');
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

test('a process link opened while signed out lands on the process after sign-in', async ({ browser }) => {
  // A link someone received: a process of Acme, found as the technician.
  const finder = await browser.newContext();
  const first = await finder.newPage();
  await signInOk(first, 'technicien@acme.demo.fr');
  const list = await first.request.get('/api/process/get_by_paging?perPage=1');
  expect(list.status()).toBe(200);
  const p = (await list.json()).items[0] as { id: number; nomProcess: string };
  await finder.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/app/processus/${p.id}`);
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fapp%2Fprocessus%2F${p.id}$`));
  await fillSignIn(page, 'technicien@acme.demo.fr');
  await expect(page).toHaveURL(new RegExp(`/app/processus/${p.id}$`));
  await expect(page.getByText(p.nomProcess).first()).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('an unknown address of the app says « Page introuvable », with a way back', async ({ page }) => {
  await signInOk(page, 'technicien@acme.demo.fr');
  await page.goto('/app/xyz');
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  await expect(page.getByText('Bientôt disponible')).toHaveCount(0);
  await expectAccessible(page, '/app/xyz (not found)');
  // Inside the app's shell: the menu stays.
  await expect(nav(page).getByRole('link', { name: 'Accueil' })).toBeVisible();
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/app$/);
});

test('the technician opening a screen outside his menu sees « Accès refusé », and its data is not loaded', async ({ page }) => {
  const forbidden: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() === 403) forbidden.push(r.url());
  });
  await signInOk(page, 'technicien@acme.demo.fr');
  await expect(nav(page).getByRole('link', { name: 'Utilisateurs' })).toHaveCount(0);
  for (const path of ['/app/utilisateurs', '/app/workflows', '/app/parametres', '/app/menu', '/app/permissions']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Accès refusé' })).toBeVisible();
    await expectAccessible(page, '/app/utilisateurs (access denied)');
    await expect(page.getByText('@acme.demo.fr')).toHaveCount(0);
  }
  // The screens were not even asked for their data.
  expect(forbidden).toEqual([]);
  // And the API refuses the people list with e-mails, but gives the names a process form needs.
  expect((await page.request.get('/api/utilisateurs/get_by_company')).status()).toBe(403);
  const session = await (await page.request.get('/api/getConnectedUser')).json();
  const names = await page.request.get(`/api/utilisateurs/get_utilisateurs/${session.idCompany}`);
  expect(names.status()).toBe(200);
  expect(await names.text()).not.toContain('@');
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/app$/);
});

test('the lists are in the side menu of the admin, by their names, and open their list', async ({ page }) => {
  await signInOk(page, 'admin@acme.demo.fr');
  const link = nav(page).getByRole('link', { name: 'Mes consignations', exact: true });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/app\/listes\/MES_CONSIGNATIONS$/);
  await expect(page.getByRole('heading', { name: 'Mes consignations', level: 1 })).toBeVisible();
  await expect(page.getByText('MES_CONSIGNATIONS')).toHaveCount(0);
  await expect(link).toHaveAttribute('aria-current', 'page');
  // Another software shows its own list.
  await page.getByRole('combobox', { name: 'Logiciel' }).click();
  await page.getByRole('option', { name: 'Plan de prévention' }).click();
  const pdp = nav(page).getByRole('link', { name: 'Mes plans de prévention', exact: true });
  await expect(pdp).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Mes consignations', exact: true })).toHaveCount(0);
  await pdp.click();
  await expect(page).toHaveURL(/\/app\/listes\/MON_PDP$/);
  await expect(page.getByText('MON_PDP')).toHaveCount(0);
  // Back to lockouts for the other journeys.
  await page.getByRole('combobox', { name: 'Logiciel' }).click();
  await page.getByRole('option', { name: 'Mes consignations' }).click();
  await expect(nav(page).getByRole('link', { name: 'Mes consignations', exact: true })).toBeVisible();
});

test('a list search and filter survive going to a process and back, and a reload', async ({ page }) => {
  const D4 = 'Consignation TGBT atelier — départ D4';
  await signInOk(page, 'technicien@acme.demo.fr');
  await nav(page).getByRole('link', { name: 'Mes consignations', exact: true }).click();
  const table = page.getByRole('table', { name: 'Mes consignations' });
  const others = table.getByRole('row', { name: 'Consignation pompe de relevage P12' });
  await expect(others).toBeVisible();

  // The list draws only the rows on screen (virtualised): D4, the demo's oldest lockout, is found by the search.
  await page.getByRole('textbox', { name: 'Rechercher' }).fill('TGBT');
  await expect(page).toHaveURL(/[?&]q=TGBT/);
  await expect(others).toHaveCount(0);
  await expect(table.getByRole('row', { name: D4 })).toBeVisible();
  await page.getByRole('combobox', { name: 'État' }).click();
  await page.getByRole('option', { name: 'En cours' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/[?&]etat=en_cours/);
  await expect(table.getByRole('row', { name: D4 })).toBeVisible();

  await table.getByRole('row', { name: D4 }).click();
  await expect(page).toHaveURL(/\/app\/processus\/\d+$/);
  await page.goBack();
  await expect(page).toHaveURL(/[?&]q=TGBT/);
  await expect(page.getByRole('textbox', { name: 'Rechercher' })).toHaveValue('TGBT');
  await expect(table.getByRole('row', { name: D4 })).toBeVisible();
  await expect(others).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Rechercher' })).toHaveValue('TGBT');
  await expect(page.getByRole('combobox', { name: 'État' })).toHaveCount(1);
  await expect(page.getByText('En cours').first()).toBeVisible();
  await expect(table.getByRole('row', { name: D4 })).toBeVisible();
  await expect(others).toHaveCount(0);
});

test('the language choice appears when the company offers two, and « Anglais » switches the texts', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Béta offers French only: no choice.
  await signInOk(page, 'admin@beta.demo.fr');
  await expect(page.getByRole('combobox', { name: 'Langue' })).toHaveCount(0);
  await page.getByRole('button', { name: /^Mon compte/ }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Acme offers French and English.
  await fillSignIn(page, 'admin@acme.demo.fr');
  await expect(page).toHaveURL(/\/app$/);
  await page.getByRole('combobox', { name: 'Langue' }).click();
  await page.getByRole('option', { name: 'Anglais' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My lockouts' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('English');
  // Kept after a reload (saved on the person).
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  // The labels of codes too (lockout types, states): the list's filters offer them in English.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My lockouts', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/listes\/MES_CONSIGNATIONS/);
  await page.getByRole('combobox', { name: 'Lockout type' }).click();
  await expect(page.getByRole('option', { name: 'Parent lockout' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'State' }).click();
  await expect(page.getByRole('option', { name: 'Completed' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'French' }).click();
  await expect(nav(page)).toBeVisible();
  expect(errors).toEqual([]);
});

import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { signInOk } from './helpers.ts';

// A technician on a phone (390 × 844): the menu behind its button, the software at the top of the menu, a list that
// fits the screen and whose rows open their process.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('on a phone, a technician changes software from the menu, filters Mes consignations and opens a lockout', async ({ page }) => {
  await signInOk(page, 'technicien@acme.demo.fr');
  await page.getByRole('button', { name: 'Afficher ou masquer le menu' }).click();

  // The header has no room for the software: it is at the top of the menu.
  const logiciel = nav(page).getByRole('combobox', { name: 'Logiciel' });
  await expect(logiciel).toHaveValue('Mes consignations');
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Logiciel' })).toHaveCount(0);
  await logiciel.click();
  await page.getByRole('option', { name: 'Plan de prévention' }).click();
  await expect(nav(page).getByRole('link', { name: 'Mes plans de prévention', exact: true })).toBeVisible();
  await logiciel.click();
  await page.getByRole('option', { name: 'Mes consignations' }).click();

  await nav(page).getByRole('link', { name: 'Mes consignations', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/listes\/MES_CONSIGNATIONS$/);
  const table = page.getByRole('table', { name: 'Mes consignations' });
  const pompe = table.getByRole('row', { name: 'Consignation pompe de relevage P12' });
  await expect(pompe).toBeVisible();
  // The filters but the search fold into a closed panel: the rows are on the first screen.
  const filtres = page.getByRole('button', { name: /^Filtres \(\d+ actifs?\)$/ });
  await expect(filtres).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Équipement', { exact: true })).toBeHidden();
  // The demo holds more lockouts than a phone's screen: the list's first row is on it.
  await expect(table.getByRole('row').nth(1)).toBeInViewport();
  await expectAccessible(page, '/app/listes/MES_CONSIGNATIONS (phone)');
  // Nothing is wider than the phone (the page would be zoomed out and its rows hard to tap).
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);

  await filtres.click();
  await expect(filtres).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page, '/app/listes/MES_CONSIGNATIONS (phone, filters open)');
  await page.getByLabel('Équipement', { exact: true }).fill('pompe');
  await expect(page).toHaveURL(/equipement=pompe/);
  await expect(table.getByRole('row', { name: 'Consignation TGBT atelier — départ D4' })).toHaveCount(0);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await pompe.tap();
  await expect(page).toHaveURL(/\/app\/processus\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Consignation pompe de relevage P12');
  await expectAccessible(page, '/app/processus/:id (phone)');
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
});

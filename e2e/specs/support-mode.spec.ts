import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { signedInAs } from './helpers.ts';

// Support mode (issue 12, item 9): the super admin enters Acme from the companies screen, after a confirmation
// naming it; a banner says so on every page while Acme's screens show Acme's data; « Quitter » brings him home.
test('the super admin enters Acme from the companies screen, works on its lockouts, then leaves', async ({ browser }) => {
  const { page, errors } = await signedInAs(browser, 'superadmin@demo.fr');
  const banner = page.getByRole('status', { name: 'Mode support' });
  await expect(page.getByTestId('company-name')).toHaveText('Support plateforme');
  await expect(banner).toHaveCount(0);

  await page.getByRole('link', { name: 'Entreprises' }).click();
  await expect(page).toHaveURL(/\/app\/entreprises$/);
  // Not offered on his own company.
  await expect(page.getByRole('button', { name: 'Intervenir dans cette entreprise : Support plateforme' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Intervenir dans cette entreprise : Acme Énergie' }).click();
  const dialog = page.getByRole('dialog', { name: 'Intervenir dans une entreprise cliente' });
  await expect(dialog).toContainText('Vous allez agir dans « Acme Énergie »');
  await expectAccessible(page, '/app/entreprises: support dialog');
  await dialog.getByRole('button', { name: 'Intervenir dans Acme Énergie' }).click();

  // In Acme: the home page, the banner, Acme's name in the header.
  await expect(page).toHaveURL(/\/app\/?$/);
  await expect(banner).toContainText('Mode support : vous agissez dans Acme Énergie');
  await expect(page.getByTestId('company-name')).toHaveText('Acme Énergie');
  await expectAccessible(page, '/app (support mode)');

  // Acme's lockouts, as Acme sees them; the banner stays on every page.
  // Searched: the list draws only the rows on screen, and the journeys before this one add lockouts above D4.
  await page.goto('/app/listes/MES_CONSIGNATIONS?q=TGBT');
  const table = page.getByRole('table', { name: 'Mes consignations' });
  await expect(table.getByRole('row', { name: 'Consignation TGBT atelier — départ D4' })).toBeVisible();
  await expect(banner).toContainText('Acme Énergie');

  // « Quitter »: back home, the banner gone.
  await banner.getByRole('button', { name: 'Quitter' }).click();
  await expect(page).toHaveURL(/\/app\/?$/);
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('company-name')).toHaveText('Support plateforme');
  expect(errors).toEqual([]);
});

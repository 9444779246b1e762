import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { signInOk } from './helpers.ts';

test('a menu entry hidden in the menu editor leaves the navbar until shown again', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signInOk(page, 'admin@acme.demo.fr');
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await nav.getByRole('link', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Menu', level: 1 })).toBeVisible();
  const services = nav.getByRole('link', { name: 'Services', exact: true });
  await expect(services).toBeVisible();
  // The boards entry is no longer hidden by the template: it leads to their screen.
  await expect(nav.getByRole('link', { name: 'Tableaux', exact: true })).toHaveAttribute('href', '/app/tableaux');

  const show = page.getByRole('switch', { name: 'Afficher « Services »' });
  await expect(show).toBeChecked();
  await show.uncheck({ force: true });
  await expect(page.getByText('Modifications non enregistrées')).toBeVisible();
  await expectAccessible(page, '/app/menu (unsaved changes)');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('avec succès').first()).toBeVisible();
  await expect(services).toHaveCount(0);
  await expect(show).not.toBeChecked();

  // Still hidden after a reload (saved on the server), then shown again.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Afficher « Services »' })).not.toBeChecked();
  await expect(services).toHaveCount(0);
  await page.getByRole('switch', { name: 'Afficher « Services »' }).check({ force: true });
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(services).toBeVisible();
  expect(errors).toEqual([]);
});

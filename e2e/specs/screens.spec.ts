import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { signInOk } from './helpers.ts';

test('the company settings load for an admin', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signInOk(page, 'admin@acme.demo.fr');
  await page.getByRole('link', { name: "Paramètres de l'entreprise" }).click();
  await expect(page.getByRole('heading', { name: 'Langues et fuseau horaire' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Logiciels' })).toBeVisible();
  await expectAccessible(page, '/app/parametres (admin)');
  await page.getByRole('button', { name: 'Enregistrer' }).first().click();
  await expect(page.getByText('avec succès').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('the super admin opens the company form', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signInOk(page, 'superadmin@demo.fr');
  await page.getByRole('link', { name: 'Entreprises' }).click();
  await expect(page.getByRole('button', { name: 'Modifier Acme Énergie' })).toBeVisible();
  await page.getByRole('button', { name: 'Modifier Acme Énergie' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifier Acme Énergie' });
  await expect(dialog.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue('Acme Énergie');
  await expectAccessible(page, '/app/entreprises: edit company dialog');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Supprimer Acme Énergie' }).click();
  const confirm = page.getByRole('dialog', { name: "Supprimer l'entreprise" });
  await expect(confirm.getByRole('button', { name: 'Supprimer' })).toBeDisabled();
  await expectAccessible(page, '/app/entreprises: delete company dialog');
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  expect(errors).toEqual([]);
});

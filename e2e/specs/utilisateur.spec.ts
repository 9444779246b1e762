import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { signInOk } from './helpers.ts';

test('an admin creates a user then deactivates them', async ({ page }) => {
  const stamp = Date.now();
  const nom = `Testeur${stamp}`;
  const prenom = 'Julie';
  await signInOk(page, 'admin@acme.demo.fr');
  await page.getByRole('link', { name: 'Utilisateurs' }).click();
  await expect(page).toHaveURL(/\/app\/utilisateurs$/);

  await page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvel utilisateur' });
  await dialog.getByRole('textbox', { name: 'Nom', exact: true }).fill(nom);
  await dialog.getByRole('textbox', { name: 'Prénom', exact: true }).fill(prenom);
  await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`julie.${stamp}@acme.demo.fr`);
  await dialog.getByRole('textbox', { name: 'Fonction', exact: true }).fill('Technicienne');
  await dialog.getByRole('combobox', { name: 'Profil', exact: true }).click();
  await page.getByRole('option').first().click();
  await expectAccessible(page, '/app/utilisateurs: new user dialog filled');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('avec succès').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Rechercher' }).fill(nom);
  const row = page.getByRole('row').filter({ hasText: nom });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Actif', { exact: true })).toBeVisible();
  await expectAccessible(page, '/app/utilisateurs (searched)');

  await page.getByRole('button', { name: `Désactiver ${prenom} ${nom}` }).click();
  const confirm = page.getByRole('dialog');
  await expectAccessible(page, '/app/utilisateurs: deactivate dialog');
  await confirm.getByRole('button', { name: 'Désactiver', exact: true }).click();
  await expect(page.getByText('Désactivé avec succès')).toBeVisible();
  await expect(row.getByText('Inactif', { exact: true })).toBeVisible();
});

import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { signInOk } from './helpers.ts';

const TECHNICIEN = 'technicien@acme.demo.fr';

/** Id of a person of the caller's company, through the API the users screen uses. */
async function idOf(page: Page, mail: string): Promise<number> {
  const res = await page.request.get(`/api/utilisateurs/get_by_company?search=${encodeURIComponent(mail)}`);
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { id: number; mail: string }[] };
  const found = items.find((u) => u.mail === mail);
  if (!found) throw new Error(`${mail} introuvable`);
  return found.id;
}

/** Clicks a matrix cell and waits for the saved state (aria-pressed: true accordé, false refusé, mixed hérité). */
async function cycleTo(cell: Locator, state: 'true' | 'false' | 'mixed') {
  await expect(cell).toBeEnabled();
  await cell.click();
  await expect(cell).toHaveAttribute('aria-pressed', state);
  await expect(cell).toBeEnabled();
}

test('an admin removes "Modifier" on Utilisateurs for the Responsable profile, then grants it back', async ({ page, browser }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  // The admin opens the matrix of the Responsable profile.
  await signInOk(page, 'admin@acme.demo.fr');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Permissions', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/permissions$/);
  await page.getByRole('combobox', { name: 'Profil' }).click();
  await page.getByRole('option', { name: 'Responsable', exact: true }).click();
  const update = page.getByRole('button', { name: 'Modifier — Utilisateurs' });
  await expect(update).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Consulter — Utilisateurs' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, '/app/permissions (matrix of a profile)');

  // Accorder → Refuser.
  await cycleTo(update, 'false');
  await expect(update).toHaveAttribute('data-value', 'false');

  // The responsable, in another browser, sees no edit control and the API refuses the write.
  const other = await browser.newContext();
  const resp = await other.newPage();
  resp.on('pageerror', (e) => errors.push(e.message));
  await signInOk(resp, 'responsable@acme.demo.fr');
  await resp.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Utilisateurs', exact: true }).click();
  await expect(resp.getByText('Moreau', { exact: true })).toBeVisible();
  await expect(resp.getByRole('button', { name: 'Modifier Camille Moreau' })).toHaveCount(0);
  await expect(resp.getByRole('button', { name: 'Désactiver Camille Moreau' })).toHaveCount(0);
  const technicienId = await idOf(resp, TECHNICIEN);
  const refused = await resp.request.put('/api/v2/utilisateur/update', { data: { id: technicienId, fonction: 'Électrotechnicienne' } });
  expect(refused.status()).toBe(403);

  // The admin grants it back: Refuser → Hériter (no right: Administration gives none) → Accorder.
  await cycleTo(update, 'mixed');
  await expect(update).toHaveAttribute('data-value', 'false');
  await cycleTo(update, 'true');
  await expect(update).toHaveAttribute('data-value', 'true');

  // The responsable's edit controls return and the write succeeds.
  await resp.reload();
  await expect(resp.getByRole('button', { name: 'Modifier Camille Moreau' })).toBeVisible();
  const allowed = await resp.request.put('/api/v2/utilisateur/update', { data: { id: technicienId, fonction: 'Électrotechnicienne' } });
  expect(allowed.status()).toBe(200);

  await other.close();
  expect(errors).toEqual([]);
});

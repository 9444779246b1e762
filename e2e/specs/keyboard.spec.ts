import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInOk } from './helpers.ts';

// Issue 16, item 4 (and 3 for the shell): the shell used from the keyboard and by a screen reader — the skip link
// first, the menu's groups as buttons, the focus on the new screen's heading, a title per screen, a visible focus on
// fields; on a touch screen, targets of 44 px.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const outlineOf = (l: Locator) =>
  l.evaluate((e) => {
    const s = getComputedStyle(e);
    return `${s.outlineStyle} ${s.outlineWidth}`;
  });

test('a keyboard user skips the menu, opens « Administration » and lands on the heading of each screen', async ({ page }) => {
  // A field shows a 2 px ring when focused (it had only a 1 px border colour).
  await page.goto('/login');
  const mail = page.getByLabel('Adresse e-mail');
  await mail.focus();
  expect(await outlineOf(mail)).toBe('solid 2px');

  await signInOk(page, 'admin@acme.demo.fr');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The first Tab stop: « Aller au contenu », shown when focused; Enter puts the focus in the main content.
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  expect(await focusedId(page)).toBe('contenu');
  await expect(page).toHaveURL(/\/app$/);

  // « Administration » is a button: Enter and Space close and open its group.
  const admin = nav(page).getByRole('button', { name: 'Administration' });
  await expect(admin).toHaveAttribute('aria-expanded', 'true');
  const utilisateurs = nav(page).getByRole('link', { name: 'Utilisateurs', exact: true });
  await expect(utilisateurs).toBeVisible();
  await admin.focus();
  expect(await outlineOf(admin)).toBe('solid 2px');
  await page.keyboard.press('Enter');
  await expect(admin).toHaveAttribute('aria-expanded', 'false');
  await expect(utilisateurs).toBeHidden();
  await page.keyboard.press('Space');
  await expect(admin).toHaveAttribute('aria-expanded', 'true');
  await expect(utilisateurs).toBeVisible();

  // A menu entry opened with Enter: the new screen's heading has the focus, the tab its name.
  await utilisateurs.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/utilisateurs$/);
  await expect(page.getByRole('heading', { name: 'Utilisateurs', level: 1 })).toBeFocused();
  await expect(page).toHaveTitle('Utilisateurs · Sécurité des sites');

  // The account menu opens with Enter on its first item (the profile line is disabled: « Se déconnecter »).
  const account = page.getByRole('button', { name: /^Mon compte/ });
  await account.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Se déconnecter' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(account).toBeFocused();

  // An unknown address is named too.
  await page.goto('/app/xyz');
  await expect(page).toHaveTitle('Page introuvable · Sécurité des sites');
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  const size = async (l: Locator) => {
    const box = await l.boundingBox();
    if (!box) throw new Error('not displayed');
    return { width: Math.round(box.width), height: Math.round(box.height) };
  };

  test('the menu button, the menu entries, the column headers and the fields are at least 44 px', async ({ page }) => {
    await signInOk(page, 'technicien@acme.demo.fr');
    const burger = page.getByRole('button', { name: 'Afficher ou masquer le menu' });
    expect(await size(burger)).toMatchObject({ width: 44, height: 44 });
    await burger.click();
    const entry = nav(page).getByRole('link', { name: 'Mes consignations', exact: true });
    expect((await size(entry)).height).toBeGreaterThanOrEqual(44);
    await entry.click();
    await expect(page).toHaveURL(/\/app\/listes\/MES_CONSIGNATIONS$/);
    const filtres = page.getByRole('button', { name: /^Filtres/ });
    expect((await size(filtres)).height).toBeGreaterThanOrEqual(44);
    // A sortable column header (ui/sortable-th.tsx) is a 44 px button too.
    const nom = page.getByRole('columnheader', { name: 'Nom' }).getByRole('button');
    expect((await size(nom)).height).toBeGreaterThanOrEqual(44);
    await filtres.click();
    expect((await size(page.getByLabel('Équipement', { exact: true }))).height).toBeGreaterThanOrEqual(44);
  });
});

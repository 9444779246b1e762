import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { signInOk } from './helpers.ts';

// Ticket 12: tried again as a new user would with every demo account, every page the menu offers opens with no
// console error and no 403 from the API; signing out leaves no error either (React error #520 before).

// Each account with the short name its screens go by in the accessibility check (a11y.spec.ts uses the same).
const ACCOUNTS: Record<string, string> = {
  'superadmin@demo.fr': 'superadmin',
  'admin@acme.demo.fr': 'admin',
  'responsable@acme.demo.fr': 'responsable',
  'technicien@acme.demo.fr': 'technician',
  'admin@beta.demo.fr': 'beta admin',
  'intervenant@gamma.demo.fr': 'contractor',
};

/** Every link of the side menu, in order (folders are open at first). */
async function menuLinks(page: Page): Promise<{ name: string; href: string }[]> {
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  return nav
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => ({ name: (a.textContent ?? '').trim(), href: a.getAttribute('href') ?? '' })));
}

for (const [mail, who] of Object.entries(ACCOUNTS)) {
  test(`${mail}: every page of the menu opens without console error nor 403, and signing out is clean`, async ({ page }) => {
    // Signing in starts at /app without a session: its 401 (then /login) is the expected way in, not a problem.
    await signInOk(page, mail);
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || (m.type() === 'warning' && /HydrateFallback/.test(m.text()))) problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page: ${e.message}`));
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() >= 400) problems.push(`${r.status()}: ${r.request().method()} ${r.url()}`);
    });
    const links = await menuLinks(page);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: link.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${link.href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByText('Accès refusé')).toHaveCount(0);
      await expect(page.getByText('Page introuvable')).toHaveCount(0);
      await expect(page.getByText('Chargement impossible')).toHaveCount(0);
      await expect(page.getByLabel('Chargement…')).toHaveCount(0);
      await expectAccessible(page, `${link.href} (${who})`);
    }
    // A first load of a lazily loaded screen (its code not yet fetched) shows the fallback, without the router's warning.
    const last = links[links.length - 1];
    await page.goto(last.href);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

    await page.getByRole('button', { name: /^Mon compte/ }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    expect(problems).toEqual([]);
  });
}

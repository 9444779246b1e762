import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { lastOutboxId, readCode, signIn, signInOk } from './helpers.ts';

const SUPER = 'superadmin@demo.fr';
const COMPANY = 'Béta Industrie';

async function lockOrUnlock(page: Page, action: 'Verrouiller' | 'Déverrouiller') {
  const before = await lastOutboxId(SUPER);
  await page.getByRole('button', { name: `${action} ${COMPANY}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Code à usage unique')).toBeVisible();
  await expectAccessible(page, `/app/entreprises: ${action} dialog`);
  const code = await readCode(SUPER, before);
  await dialog.getByLabel('Code à usage unique').fill(code);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function betaAdminSignIn(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin@beta.demo.fr');
  return { context, page };
}

test('the super admin locks a company with a one-time code, then unlocks it', async ({ page, browser }) => {
  await signInOk(page, SUPER);
  await page.getByRole('link', { name: 'Entreprises' }).click();
  await expect(page).toHaveURL(/\/app\/entreprises$/);
  const row = page.getByRole('row').filter({ hasText: COMPANY });
  await expect(row.getByText('Verrouillée')).toHaveCount(0);

  await lockOrUnlock(page, 'Verrouiller');
  await expect(row.getByText('Verrouillée')).toBeVisible();

  const locked = await betaAdminSignIn(browser);
  await expect(locked.page.getByRole('alert')).toContainText('Votre entreprise est verrouillée. Contactez votre administrateur.');
  await expectAccessible(locked.page, '/login (company locked)');
  await locked.context.close();

  await lockOrUnlock(page, 'Déverrouiller');
  await expect(row.getByText('Verrouillée')).toHaveCount(0);

  const unlocked = await betaAdminSignIn(browser);
  await expect(unlocked.page).toHaveURL(/\/app\/?$/);
  await expect(unlocked.page.getByTestId('company-name')).toHaveText(COMPANY);
  await unlocked.context.close();
});

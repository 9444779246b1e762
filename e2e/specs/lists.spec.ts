import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { drawSignature, signedInAs } from './helpers.ts';
import { api, choose, ok } from './workflow-builder.ts';

const LIST = '/app/listes/MES_CONSIGNATIONS';
const TABLE = 'Mes consignations';

/**
 * The browsers' clock in the demo's week: the demo lockouts start on 24/11/26 (fixed dates), and « Mois en cours » is
 * computed in the browser, so these journeys read November 2026 whatever day they run (they failed on 01/12/26).
 */
const DEMO_NOW = new Date('2026-11-25T10:00:00+01:00');

const header = (page: Page, name: string) => page.getByRole('table', { name: TABLE }).getByRole('columnheader', { name, exact: true });

test('MES_CONSIGNATIONS: a date preset, a sort and a hidden column are kept after a reload', async ({ browser }) => {
  const page = (await signedInAs(browser, 'admin@acme.demo.fr')).page;
  await page.clock.setFixedTime(DEMO_NOW);
  await page.goto('/app');
  // The lists are entries of the side menu (ticket 12).
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Mes consignations', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  const table = page.getByRole('table', { name: TABLE });
  await expect(table.getByRole('row', { name: 'Consignation TGBT atelier — départ D4' })).toBeVisible();
  await expectAccessible(page, '/app/listes/MES_CONSIGNATIONS (admin)');

  // The demo lockouts start on 24/11/26; the browser's today is in November 2026: « Mois en cours » keeps them.
  await ok(
    Promise.all([api(page, 'POST', '/api/utilisateur/save_setting'), choose(page, 'Début — période', 'Mois en cours')]).then(([r]) => r),
  );
  await expect(page.getByLabel('Début — du')).toHaveValue('01/11/26');
  await expect(page.getByLabel('Début — au')).toHaveValue('30/11/26');
  await expect(table.getByRole('row', { name: 'Consignation pompe de relevage P12' })).toBeVisible();

  await ok(
    Promise.all([api(page, 'POST', '/api/utilisateur/save_setting'), table.getByRole('button', { name: 'Début' }).click()]).then(
      ([r]) => r,
    ),
  );
  await expect(header(page, 'Début')).toHaveAttribute('aria-sort', 'ascending');

  await page.getByRole('button', { name: 'Paramètres du tableau' }).click();
  const drawer = page.getByRole('dialog', { name: 'Paramètres du tableau' });
  for (const section of ['Colonne', 'Workflow', 'Ordre d’affichage', 'Tri'])
    await expect(drawer.getByRole('heading', { name: section, exact: true })).toBeVisible();
  await expectAccessible(page, '/app/listes/MES_CONSIGNATIONS: table settings drawer');
  // By keyboard: the drawer's sticky header may cover the checkbox once Playwright has scrolled it into view.
  const preparateur = drawer.getByRole('checkbox', { name: 'Préparateur' });
  await preparateur.focus();
  await ok(Promise.all([api(page, 'POST', '/api/utilisateur/save_setting'), page.keyboard.press('Space')]).then(([r]) => r));
  await expect(preparateur).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(header(page, 'Préparateur')).toHaveCount(0);

  await page.reload();
  await expect(table.getByRole('row', { name: 'Consignation TGBT atelier — départ D4' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Début — période' })).toHaveValue('Mois en cours');
  await expect(header(page, 'Début')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header(page, 'Préparateur')).toHaveCount(0);
  await expect(header(page, 'Statut')).toBeVisible();
  await page.context().close();
});

async function drawAndValidate(page: Page, field: string) {
  await drawSignature(page, field);
  await expect(page.getByRole('button', { name: `Valider la signature « ${field} »` })).toBeDisabled();
}

test('a step signed in another browser changes the status shown by an open list without reloading', async ({ browser }) => {
  const D4 = 'Consignation TGBT atelier — départ D4';
  // Browser A: the admin keeps the list open (the first test left it sorted and filtered on the demo’s month).
  const a = (await signedInAs(browser, 'admin@acme.demo.fr')).page;
  await a.clock.setFixedTime(DEMO_NOW);
  await a.goto(LIST);
  const table = a.getByRole('table', { name: TABLE });
  const row = table.getByRole('row', { name: D4 });
  await expect(row).toBeVisible();
  const statut = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim()).indexOf('Statut');
  expect(statut).toBeGreaterThanOrEqual(0);
  const status = row.getByRole('cell').nth(statut);
  // The demo lockout has six steps signed: step 7 waits for its named validator, the responsable.
  await expect(status).toHaveText('Attestation de consignation');
  await a.evaluate(() => Object.assign(window, { notReloaded: true }));

  // Browser B: the responsable opens the lockout from the list and signs step 7 with drawn signatures.
  const b = (await signedInAs(browser, 'responsable@acme.demo.fr')).page;
  await b.goto(LIST);
  await b.getByRole('table', { name: TABLE }).getByRole('row', { name: D4 }).click();
  await expect(b).toHaveURL(/\/app\/processus\/\d+$/);
  const currentStep = b.getByRole('heading', { name: /^Étape en cours/ });
  await expect(currentStep).toHaveText('Étape en cours : 7. Attestation de consignation');
  await drawAndValidate(b, 'Signature du chargé de consignation');
  await drawAndValidate(b, 'Signature du chargé de travaux (remise de l’attestation)');
  await ok(
    Promise.all([api(b, 'PUT', '/api/v3/process/sign'), b.getByRole('button', { name: 'Signer', exact: true }).click()]).then(([r]) => r),
  );
  await expect(currentStep).toHaveText('Étape en cours : 8. Fin de travaux');

  // Browser A's open list follows, without a reload.
  await expect(status).toHaveText('Fin de travaux');
  expect(await a.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await b.context().close();
  await a.context().close();
});

test('at 1366 px, every header of Mes consignations shows its title and its sort icon whole', async ({ browser }) => {
  const { page, errors } = await signedInAs(browser, 'technicien@acme.demo.fr');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(LIST);
  const table = page.getByRole('table', { name: TABLE });
  await expect(header(page, 'Type de consignation')).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const clipped = await table.evaluate((t) =>
    [...t.querySelectorAll('th')]
      .filter((th) => {
        const cell = th.getBoundingClientRect();
        const icon = th.querySelector('svg')?.getBoundingClientRect();
        const title = th.querySelector('p')?.getBoundingClientRect();
        if (th.scrollWidth > th.clientWidth) return true;
        if (!icon) return false;
        // The icon at its size (14 px, not squeezed), inside its cell, beside the title.
        return icon.width < 13.5 || icon.right > cell.right || (title !== undefined && title.right > icon.left);
      })
      .map((th) => th.textContent),
  );
  expect(clipped).toEqual([]);
  expect(errors).toEqual([]);
  await page.context().close();
});

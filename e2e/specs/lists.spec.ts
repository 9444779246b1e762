import { type Browser, expect, type Page, test } from '@playwright/test';
import { signInOk } from './helpers.ts';
import { api, choose, ok } from './workflow-builder.ts';

const LIST = '/app/listes/MES_CONSIGNATIONS';
const TABLE = 'Mes consignations';

async function asUser(browser: Browser, mail: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInOk(page, mail);
  return page;
}

const header = (page: Page, name: string) => page.getByRole('table', { name: TABLE }).getByRole('columnheader', { name, exact: true });

test('MES_CONSIGNATIONS: a date preset, a sort and a hidden column are kept after a reload', async ({ browser }) => {
  const page = await asUser(browser, 'admin@acme.demo.fr');
  await page.goto('/app');
  await page.getByRole('link', { name: 'Listes des processus' }).click();
  await page.getByRole('link', { name: 'Mes consignations' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  const table = page.getByRole('table', { name: TABLE });
  await expect(table.getByRole('row', { name: 'Consignation TGBT atelier — départ D4' })).toBeVisible();

  // The demo lockouts start on 24/11/26; today is in November 2026: « Mois en cours » keeps them.
  await ok(
    Promise.all([api(page, 'POST', '/api/utilisateur/save_setting'), choose(page, 'Début — période', 'Mois en cours')]).then(([r]) => r),
  );
  await expect(page.getByLabel('Début — du')).toHaveValue('2026-11-01');
  await expect(page.getByLabel('Début — au')).toHaveValue('2026-11-30');
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
  await ok(
    Promise.all([api(page, 'POST', '/api/utilisateur/save_setting'), drawer.getByRole('checkbox', { name: 'Préparateur' }).uncheck()]).then(
      ([r]) => r,
    ),
  );
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

test('a process renamed by another user shows in an open list without reloading', async ({ browser }) => {
  const a = await asUser(browser, 'admin@acme.demo.fr');
  await a.goto(LIST);
  const table = a.getByRole('table', { name: TABLE });
  await expect(table.getByRole('row', { name: 'Consignation pompe de relevage P12' })).toBeVisible();

  const b = await asUser(browser, 'responsable@acme.demo.fr');
  const found = await b.request.post('/api/process/search_by_paging?tz=Europe/Paris', {
    data: { variant: 'MES_CONSIGNATIONS', filters: { search: 'pompe de relevage' } },
  });
  expect(found.ok(), await found.text()).toBe(true);
  const [row] = ((await found.json()) as { items: { id: number }[] }).items;
  const renamed = await b.request.put('/api/v3/process/update', { data: { id: row.id, nomProcess: 'Consignation pompe P12 — renommée' } });
  expect(renamed.ok(), await renamed.text()).toBe(true);

  await expect(table.getByRole('row', { name: 'Consignation pompe P12 — renommée' })).toBeVisible({ timeout: 15_000 });
  await b.context().close();
  await a.context().close();
});

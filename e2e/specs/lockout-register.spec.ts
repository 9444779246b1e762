import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { call, signedInAs } from './helpers.ts';
import { api, choose, ok } from './workflow-builder.ts';

const LIST = '/app/listes/MES_CONSIGNATIONS';
const TABLE = 'Mes consignations';

test('a technician creates a lockout with its type, types its equipment and dates in its step, and finds it in Mes consignations', async ({
  browser,
}) => {
  // Unique to this run: the spec shares its database with the others.
  const suffix = Date.now().toString(36).slice(-5);
  const NAME = `Consignation compresseur ${suffix}`;
  const EQUIPMENT = `Compresseur d'air ${suffix}`;
  // A day of its own, years ahead: the date filter finds this lockout whatever else exists.
  const day = `2031-0${1 + (Date.now() % 9)}-${String(10 + (Date.now() % 17)).padStart(2, '0')}`;
  const [y, m, d] = day.split('-');
  // Typed as shown: dd/MM/yy (the date inputs do not follow the browser's language).
  const typed = `${d}/${m}/${y.slice(2)}`;

  // The equipment comes from the registry: the admin adds one under « Utilités », the subtree the technician may read.
  const admin = await signedInAs(browser, 'admin@acme.demo.fr');
  await admin.page.goto('/app');
  const found = await call<{ id: number; libelle: string }[]>(admin.page, 'GET', '/api/v2/equipement/options?search=Utilites&limit=20');
  const utilites = found.find((o) => o.libelle === 'Utilités');
  if (!utilites) throw new Error(`« Utilités » absent de la recherche : ${found.map((o) => o.libelle).join(', ')}`);
  await call(admin.page, 'POST', '/api/v2/equipement/create', { parentId: utilites.id, name: EQUIPMENT, number: 'AR-7' });
  await admin.page.context().close();

  const { page, errors } = await signedInAs(browser, 'technicien@acme.demo.fr');
  await page.goto('/app/processus');
  await page.getByRole('button', { name: 'Nouveau processus' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau processus' });
  await dialog.getByRole('combobox', { name: 'Workflow', exact: true }).click();
  await page.getByRole('option', { name: 'Consignation électrique', exact: true }).click();
  // A lockout asks its type (spec labels 1–9) before it can be created.
  const create = dialog.getByRole('button', { name: 'Créer le processus' });
  await expect(create).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Type de consignation' }).click();
  for (const label of ['1 — Consignation', '5 — Intervention immédiate', '9 — Exceptionnel de travaux'])
    await expect(page.getByRole('option', { name: label, exact: true })).toBeVisible();
  await page.getByRole('option', { name: '6 — Visite', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Nom' }).fill(NAME);
  // Its start typed as shown, dd/MM/yy HH:mm, read in Europe/Paris.
  const debut = dialog.getByRole('textbox', { name: 'Début', exact: true });
  await expect(debut).toHaveAttribute('placeholder', 'jj/mm/aa hh:mm');
  await debut.fill(`${typed} 08:30`);
  await expectAccessible(page, '/app/processus: new lockout dialog filled');
  await ok(Promise.all([api(page, 'POST', '/api/v3/process/create'), create.click()]).then(([r]) => r));
  await expect(page).toHaveURL(/\/app\/processus\/\d+$/);
  await expect(page.getByText(`${typed} 08:30`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Étape en cours/ })).toHaveText('Étape en cours : 1. Demande de consignation');
  await expectAccessible(page, '/app/processus/:id (new lockout, first step)');

  // The step's fields marked as the header's sources: the equipment and the dates.
  // Picked from the registry, searched without its accents.
  const picker = page.getByRole('combobox', { name: 'Ouvrage à consigner' });
  await picker.click();
  await picker.fill(`compresseur d'air ${suffix}`);
  await page.getByRole('option', { name: new RegExp(`^${EQUIPMENT} \\(AR-7\\) — .*Utilités$`) }).click();
  await page.getByRole('textbox', { name: 'Motif des travaux' }).fill('Remplacement du pressostat');
  await page.getByLabel('Date souhaitée').fill(typed);
  await page.getByLabel('Fin prévue des travaux').fill(typed);
  const saved = await ok(
    Promise.all([api(page, 'PUT', '/api/v3/process/update'), page.getByRole('button', { name: 'Enregistrer', exact: true }).click()]).then(
      ([r]) => r,
    ),
  );
  const p = await saved.json();
  expect(p).toMatchObject({ equipement: { libelle: `${EQUIPMENT} (AR-7)` }, typeConsignation: 6 });

  // Mes consignations (by its address: the menu entries are another change): found by its equipment…
  await page.goto(LIST);
  const table = page.getByRole('table', { name: TABLE });
  await expect(table).toBeVisible();
  await page.getByRole('textbox', { name: 'Équipement', exact: true }).fill(EQUIPMENT);
  const row = table.getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`${EQUIPMENT} (AR-7)`);
  await expect(row).toContainText('Visite');
  await expect(row).toContainText(`${d}/${m}/${y.slice(2)}`);
  await expect(table.getByRole('row')).toHaveCount(2);

  // …and by its start date, the equipment filter cleared.
  await page.getByRole('textbox', { name: 'Équipement', exact: true }).fill('');
  await page.getByLabel('Début — du').fill(typed);
  await page.getByLabel('Début — au').fill(typed);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Visite');
  await choose(page, 'Type de consignation', 'Visite');
  await expect(row).toBeVisible();
  expect(errors).toEqual([]);
  await page.context().close();
});

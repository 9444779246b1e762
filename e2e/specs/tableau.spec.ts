import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { signedInAs } from './helpers.ts';
import { api, choose, ok } from './workflow-builder.ts';

const BOARD = 'Consignations suivies';
const FIELD = 'Numéros des cadenas';
const TGBT = 'Consignation TGBT atelier — départ D4';
const P12 = 'Consignation pompe de relevage P12';
const T2 = 'Consignation transformateur T2 (arrêt annuel)';

/** Opens the board from the menu, through the list of boards. */
async function openBoard(page: Page) {
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Tableaux', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/tableaux$/);
  await expect(page.getByRole('heading', { name: 'Tableaux', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: BOARD }).click();
  await expect(page).toHaveURL(/\/app\/tableaux\/\d+$/);
  await expect(page.getByRole('heading', { name: BOARD, level: 1 })).toBeVisible();
}

test('a board: created by the admin with a field in columns, a filter as a tab, a display hiding a column; read-only for a technician', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInAs(browser, 'admin@acme.demo.fr');
  const ap = admin.page;
  await ap.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Tableaux', exact: true }).click();
  await expect(ap.getByRole('heading', { name: 'Tableaux', level: 1 })).toBeVisible();

  // A board on the demo lockout workflow, with the padlock numbers as a column.
  await ap.getByRole('button', { name: 'Nouveau tableau' }).click();
  const form = ap.getByRole('dialog', { name: 'Nouveau tableau' });
  await form.getByRole('textbox', { name: 'Nom', exact: true }).fill(BOARD);
  // A multi-select keeps its list open: a click on the name closes it.
  await choose(ap, 'Workflows', 'Consignation électrique');
  await form.getByRole('textbox', { name: 'Nom', exact: true }).click();
  await choose(ap, 'Champs en colonnes', FIELD);
  await form.getByRole('textbox', { name: 'Nom', exact: true }).click();
  await ok(
    Promise.all([api(ap, 'POST', '/api/v2/tableau/create'), form.getByRole('button', { name: 'Enregistrer' }).click()]).then(([r]) => r),
  );
  await expect(ap).toHaveURL(/\/app\/tableaux\/\d+$/);
  const table = ap.getByRole('table', { name: BOARD });
  const header = (name: string) => table.getByRole('columnheader', { name, exact: true });
  await expect(table.getByRole('row', { name: TGBT })).toContainText('C-104, C-105');
  await expect(table.getByRole('row', { name: T2 })).toBeVisible();
  await expect(table.getByRole('row', { name: P12 })).toContainText('24/11/26');
  await expect(header(FIELD)).toBeVisible();
  // Other journeys of the run may add lockouts of this workflow (in progress): the counts agree with each other, the
  // finished demo lockout counted once.
  await expect(ap.getByText('Terminé : 1')).toBeVisible();
  const counted = (await ap.getByText(/^En cours : \d+$/).textContent()) ?? '';
  const enCours = Number(counted.replace(/\D/g, ''));
  expect(enCours).toBeGreaterThanOrEqual(2);
  // The demo also holds lockouts in other states (cancelled, inactive): the total counts at least these.
  const total = Number(
    (
      (await ap
        .getByText(/^\d+ processus$/)
        .first()
        .textContent()) ?? ''
    ).replace(/\D/g, ''),
  );
  expect(total).toBeGreaterThanOrEqual(enCours + 1);

  // A filter « En cours » (state = en cours): a tab that leaves the finished lockout out.
  await ap.getByRole('button', { name: 'Nouveau filtre' }).click();
  const filtre = ap.getByRole('dialog', { name: 'Nouveau filtre' });
  await filtre.getByRole('textbox', { name: 'Nom du filtre' }).fill('En cours');
  await filtre.getByRole('button', { name: 'Ajouter un critère' }).click();
  await expect(filtre.getByRole('combobox', { name: 'Champ 1', exact: true })).toHaveValue('État');
  await expect(filtre.getByRole('combobox', { name: 'Opérateur 1', exact: true })).toHaveValue('est égal à');
  await expect(filtre.getByRole('combobox', { name: 'Valeur 1', exact: true })).toHaveValue('En cours');
  await expectAccessible(ap, '/app/tableaux/:id: new filter dialog');
  await ok(
    Promise.all([api(ap, 'POST', '/api/v2/filtre/create'), filtre.getByRole('button', { name: 'Enregistrer' }).click()]).then(([r]) => r),
  );
  await expect(ap.getByRole('tab', { name: 'En cours' })).toHaveAttribute('aria-selected', 'true');
  await expect(table.getByRole('row', { name: T2 })).toHaveCount(0);
  await expect(table.getByRole('row', { name: TGBT })).toBeVisible();
  await expect(table.getByRole('row', { name: P12 })).toBeVisible();
  await expect(ap.getByText('État est égal à En cours')).toBeVisible();
  await expectAccessible(ap, '/app/tableaux/:id (filter tab)');
  await ap.getByRole('tab', { name: 'Tous' }).click();
  await expect(table.getByRole('row', { name: T2 })).toBeVisible();

  // A shared display without the preparer: the column goes.
  await expect(header('Préparateur')).toBeVisible();
  await ap.getByRole('button', { name: 'Nouvel affichage' }).click();
  const affichage = ap.getByRole('dialog', { name: 'Nouvel affichage' });
  await affichage.getByRole('textbox', { name: "Nom de l'affichage" }).fill('Sans préparateur');
  await expect(affichage.getByRole('switch', { name: /^Personnel/ })).not.toBeChecked();
  await affichage.getByRole('checkbox', { name: 'Préparateur' }).uncheck();
  await expectAccessible(ap, '/app/tableaux/:id: new display dialog');
  await ok(
    Promise.all([api(ap, 'POST', '/api/v2/affichage/create'), affichage.getByRole('button', { name: 'Enregistrer' }).click()]).then(
      ([r]) => r,
    ),
  );
  await expect(ap.getByRole('combobox', { name: 'Affichage', exact: true })).toHaveValue('Sans préparateur');
  await expect(header('Préparateur')).toHaveCount(0);
  await expect(header(FIELD)).toBeVisible();

  // The technician sees the board, its tab and its display, without any control to change them.
  const tech = await signedInAs(browser, 'technicien@acme.demo.fr');
  const tp = tech.page;
  await openBoard(tp);
  await expect(tp.getByRole('button', { name: 'Nouveau tableau' })).toHaveCount(0);
  const techTable = tp.getByRole('table', { name: BOARD });
  await expect(techTable.getByRole('row', { name: T2 })).toBeVisible();
  await tp.getByRole('tab', { name: 'En cours' }).click();
  await expect(techTable.getByRole('row', { name: T2 })).toHaveCount(0);
  await expect(techTable.getByRole('row', { name: TGBT })).toBeVisible();
  await expectAccessible(tp, '/app/tableaux/:id (technician, filter tab)');
  for (const name of ['Nouveau filtre', 'Modifier le tableau', 'Modifier le filtre « En cours »', 'Supprimer le filtre « En cours »'])
    await expect(tp.getByRole('button', { name })).toHaveCount(0);
  await choose(tp, 'Affichage', 'Sans préparateur');
  await expect(techTable.getByRole('columnheader', { name: 'Préparateur', exact: true })).toHaveCount(0);
  await expect(tp.getByRole('button', { name: "Modifier l'affichage « Sans préparateur »" })).toHaveCount(0);
  await expect(tp.getByRole('button', { name: "Supprimer l'affichage « Sans préparateur »" })).toHaveCount(0);
  await techTable.getByRole('row', { name: TGBT }).click();
  await expect(tp).toHaveURL(/\/app\/processus\/\d+$/);

  // The admin deletes the filter after confirming: the tab goes, every process shows again.
  await ap.getByRole('tab', { name: 'En cours' }).click();
  await expect(table.getByRole('row', { name: T2 })).toHaveCount(0);
  await ap.getByRole('button', { name: 'Supprimer le filtre « En cours »' }).click();
  const confirm = ap.getByRole('dialog', { name: 'Supprimer le filtre' });
  await expect(confirm).toContainText('Supprimer le filtre « En cours » ?');
  await expectAccessible(ap, '/app/tableaux/:id: delete filter dialog');
  await ok(
    Promise.all([api(ap, 'DELETE', '/api/v2/filtre/delete/'), confirm.getByRole('button', { name: 'Supprimer' }).click()]).then(([r]) => r),
  );
  await expect(ap.getByRole('tab', { name: 'En cours' })).toHaveCount(0);
  await expect(ap.getByRole('tab', { name: 'Tous' })).toHaveAttribute('aria-selected', 'true');
  await expect(table.getByRole('row', { name: T2 })).toBeVisible();

  expect([...admin.errors, ...tech.errors]).toEqual([]);
  await tp.context().close();
  await ap.context().close();
});

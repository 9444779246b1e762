import { expect, type Locator, type Page, test } from '@playwright/test';
import pg from 'pg';
import { expectAccessible } from './a11y.ts';
import { databaseUrl, signedInAs } from './helpers.ts';
import { api, ok } from './workflow-builder.ts';

const CUSTOM = 'Ouvrages E2E';
const USINE = 'Usine E2E';
const ZONE_A = 'Zone A E2E';
const ZONE_B = 'Zone B E2E';
const POMPE = 'Pompe E2E';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
const row = (page: Page, name: string) => page.getByRole('tree').getByRole('treeitem', { name, exact: true });
const idOf = (page: Page) => Number(new URL(page.url()).pathname.split('/').pop());

/** Creates an equipment from the dialog open on screen and returns its id (the page opens it). */
async function createNode(page: Page, name: string): Promise<number> {
  const dialog = page.getByRole('dialog', { name: /^Nouvel équipement/ });
  await dialog.getByRole('textbox', { name: 'Nom', exact: true }).fill(name);
  const [r] = await Promise.all([
    ok(api(page, 'POST', '/api/v2/equipement/create')),
    dialog.getByRole('button', { name: 'Enregistrer' }).click(),
  ]);
  const id = ((await r.json()) as { id: number }).id;
  await expect(page).toHaveURL(new RegExp(`/app/equipements/${id}`));
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  return id;
}

async function addChild(page: Page, parent: string, name: string): Promise<number> {
  await row(page, parent)
    .getByRole('button', { name: `Actions de ${parent}` })
    .click();
  await page.getByRole('menuitem', { name: 'Ajouter un enfant' }).click();
  return createNode(page, name);
}

/** Drags a row with the mouse onto the middle of another (the node goes under it). */
async function dragOnto(page: Page, source: Locator, target: Locator) {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('Ligne invisible');
  await page.mouse.move(from.x + 60, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 70, from.y + from.height / 2 + 8, { steps: 4 });
  await page.mouse.move(to.x + 60, to.y + to.height / 2, { steps: 12 });
  await expect(target).toHaveCSS('outline-style', 'solid');
  await page.mouse.up();
}

test.afterAll(async () => {
  // Other journeys of the run find the registry as the demo left it: no specific rights, the default name.
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query(
      `update entreprise_logiciel set setting = jsonb_set(jsonb_set(setting, '{display,equipment,specificRights}', 'false'),
         '{display,equipment,customName}', 'null') where setting #> '{display,equipment}' is not null`,
    );
  } finally {
    await client.end();
  }
});

test('equipment: an admin builds a tree, moves a node by dragging it, gives a technician one subtree; the API refuses the rest', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const admin = await signedInAs(browser, 'admin@acme.demo.fr');
  const ap = admin.page;
  await menu(ap).getByRole('link', { name: 'Installation', exact: true }).click();
  await expect(ap).toHaveURL(/\/app\/equipements$/);
  await expect(ap.getByRole('heading', { level: 1, name: 'Installation' })).toBeVisible();
  await expectAccessible(ap, 'equipements: tree');

  // A small tree: Usine ─ Zone A, Zone B, Pompe.
  await ap.getByRole('button', { name: 'Nouvel équipement' }).click();
  await expectAccessible(ap, 'equipements: new equipment dialog');
  const usine = await createNode(ap, USINE);
  const zoneA = await addChild(ap, USINE, ZONE_A);
  const zoneB = await addChild(ap, USINE, ZONE_B);
  const pompe = await addChild(ap, USINE, POMPE);
  await expect(row(ap, POMPE)).toHaveAttribute('aria-level', String(Number(await row(ap, USINE).getAttribute('aria-level')) + 1));
  await expectAccessible(ap, 'equipements: detail (général)');

  // Pompe dragged onto Zone A: it goes under it.
  const [moved] = await Promise.all([api(ap, 'PUT', '/api/v2/equipement/arrange'), dragOnto(ap, row(ap, POMPE), row(ap, ZONE_A))]);
  expect(moved.ok()).toBe(true);
  expect(moved.request().postDataJSON()).toEqual({ parentId: zoneA, ids: [pompe] });
  await row(ap, POMPE).click();
  await expect(ap.getByRole('navigation', { name: "Chemin de l'équipement" })).toContainText(ZONE_A);
  await expect(row(ap, ZONE_A)).toHaveAttribute('aria-expanded', 'true');

  // The keyboard's way: the tree's arrows reach Zone B, Shift+F10 opens its menu.
  await row(ap, ZONE_B).click();
  await ap.getByRole('tree').press('Shift+F10');
  await expect(ap.getByRole('menuitem', { name: 'Déplacer sous…' })).toBeVisible();
  await expectAccessible(ap, 'equipements: row menu');
  await ap.keyboard.press('Escape');

  // Rights: the company turns on equipment-specific rights and names its equipment; the technician gets Zone A.
  await menu(ap).getByRole('link', { name: "Paramètres de l'entreprise" }).click();
  const card = ap
    .getByRole('region')
    .filter({ has: ap.getByRole('switch', { name: 'Droits spécifiques sur les équipements' }) })
    .filter({ has: ap.getByRole('button', { name: 'Enregistrer' }) })
    .first();
  await card.getByRole('switch', { name: 'Droits spécifiques sur les équipements' }).check();
  await card.getByRole('textbox', { name: 'Nom personnalisé des équipements' }).fill(CUSTOM);
  await ok(
    Promise.all([
      api(ap, 'POST', '/api/entreprise_setting/update/entreprise_logiciel'),
      card.getByRole('button', { name: 'Enregistrer' }).click(),
    ]).then(([r]) => r),
  );
  await expect(menu(ap).getByRole('link', { name: CUSTOM, exact: true })).toBeVisible();
  await menu(ap).getByRole('link', { name: CUSTOM, exact: true }).click();
  await expect(ap.getByRole('heading', { level: 1, name: CUSTOM })).toBeVisible();
  await ap.goto(`/app/equipements/${zoneA}?onglet=droits`);
  await expect(ap.getByRole('heading', { level: 2, name: ZONE_A })).toBeVisible();
  // The segmented control's radios are hidden behind their labels.
  await ap.locator('label', { hasText: /^Personne$/ }).click();
  await ap.getByRole('combobox', { name: 'Personne', exact: true }).click();
  await ap.getByRole('option', { name: /Camille Moreau/ }).click();
  await ok(
    Promise.all([
      api(ap, 'POST', '/api/v2/equipment_permission/create'),
      ap.getByRole('button', { name: 'Ajouter le droit' }).click(),
    ]).then(([r]) => r),
  );
  await expect(
    ap.getByRole('table', { name: 'Droits sur cet équipement' }).getByRole('rowheader', { name: /Camille Moreau/ }),
  ).toBeVisible();
  await expectAccessible(ap, 'equipements: droits');

  // The technician sees Zone A and what is under it, nothing else; the API refuses the rest.
  const tech = await signedInAs(browser, 'technicien@acme.demo.fr');
  const tp = tech.page;
  await menu(tp).getByRole('link', { name: CUSTOM, exact: true }).click();
  await expect(tp.getByRole('heading', { level: 1, name: CUSTOM })).toBeVisible();
  await expect(row(tp, ZONE_A)).toBeVisible();
  await expect(row(tp, ZONE_A)).toHaveAttribute('aria-level', '1');
  await expect(row(tp, USINE)).toHaveCount(0);
  await expect(row(tp, ZONE_B)).toHaveCount(0);
  await row(tp, ZONE_A).click();
  await tp.getByRole('tree').press('ArrowRight');
  await expect(row(tp, POMPE)).toBeVisible();
  await row(tp, POMPE).click();
  await expect(tp.getByRole('heading', { level: 2, name: POMPE })).toBeVisible();
  // Read only: no row menu, no save.
  await expect(tp.getByRole('button', { name: `Actions de ${POMPE}` })).toHaveCount(0);
  await expect(tp.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
  await expectAccessible(tp, 'equipements: technician detail');
  for (const id of [usine, zoneB]) {
    const r = await tp.request.get(`/api/v2/equipement/get/${id}`);
    expect(r.status(), `get ${id}`).toBe(403);
  }
  const write = await tp.request.put('/api/v2/equipement/update', { data: { id: pompe, version: 0, name: 'Pompe renommée' } });
  expect(write.status()).toBe(403);
  expect((await tp.request.get(`/api/v2/equipement/get/${pompe}`)).status()).toBe(200);
  expect(idOf(tp)).toBe(pompe);
  expect([...admin.errors, ...tech.errors]).toEqual([]);
});

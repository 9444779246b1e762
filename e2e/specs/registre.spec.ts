import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { signedInAs } from './helpers.ts';
import { api, choose, ok } from './workflow-builder.ts';

/** A 1×1 PNG: the smallest plan (shown square, as wide as the screen's plan area). */
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('locations: a new location gets a plan, a marker placed with the keyboard and the pointer, kept after a reload', async ({
  browser,
}) => {
  const { page, errors } = await signedInAs(browser, 'admin@acme.demo.fr');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Localisations', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/localisations$/);
  await expect(page.getByRole('heading', { name: 'Localisations', level: 1 })).toBeVisible();
  // The demo's first location shows its plan and markers.
  await expect(page.getByRole('group', { name: 'Plan de Atelier principal avec ses repères' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Repère Point de rassemblement/ })).toBeVisible();
  await expectAccessible(page, 'localisations');

  const name = `Magasin e2e ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Nouvelle localisation' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle localisation' });
  await form.getByRole('textbox', { name: 'Libellé' }).fill(name);
  await choose(page, 'Icône', 'Bâtiment');
  await ok(
    Promise.all([api(page, 'POST', '/api/v3/location/create'), form.getByRole('button', { name: 'Enregistrer' }).click()]).then(([r]) => r),
  );
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(page.getByText(/Aucun plan : déposez une image/)).toBeVisible();

  // Upload a plan (the file chooser of « Déposer un plan »).
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Déposer un plan' }).click();
  await ok(
    Promise.all([
      api(page, 'POST', '/api/v3/location/'),
      (await chooser).setFiles({ name: 'magasin.png', mimeType: 'image/png', buffer: PNG_1PX }),
    ]).then(([r]) => r),
  );
  const plan = page.getByRole('group', { name: `Plan de ${name} avec ses repères` });
  await expect(plan.getByRole('img', { name: `Plan de « ${name} »` })).toBeVisible();

  // A marker, added at the centre, moved with the arrow keys then dragged with the pointer.
  await page.getByRole('button', { name: 'Ajouter un repère' }).click();
  const mform = page.getByRole('dialog', { name: 'Ajouter un repère' });
  await mform.getByRole('textbox', { name: 'Libellé' }).fill('Extincteur');
  await mform.getByRole('button', { name: 'Enregistrer' }).click();
  const marker = plan.getByRole('button', { name: /^Repère Extincteur/ });
  await expect(marker).toHaveAccessibleName('Repère Extincteur, position 50 %, 50 %');
  await marker.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowUp');
  await expect(marker).toHaveAccessibleName('Repère Extincteur, position 52 %, 40 %');
  // The plan in the middle of the screen (the marker alone scrolled into view can sit under the sticky header, which
  // then gets the press), the pointer on the marker (hover checks that the marker is what receives it), then the drag.
  await plan.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await marker.hover();
  await page.mouse.down();
  const box = await plan.boundingBox();
  if (!box) throw new Error('plan invisible');
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.3, { steps: 8 });
  await page.mouse.up();
  await expect(marker).toHaveAccessibleName(/position 2[4-6] %, (29|30|31) %/);
  await expect(page.getByRole('status').filter({ hasText: 'Repères modifiés, non enregistrés.' })).toBeVisible();
  await expectAccessible(page, 'localisations (plan et repère)');
  const [saved] = await Promise.all([
    ok(api(page, 'PUT', '/api/v3/location/update')),
    page.getByRole('button', { name: 'Enregistrer les repères' }).click(),
  ]);
  // The server kept the dragged position (0..1 of the image).
  const { id } = (await saved.json()) as { id: number };
  const stored = await page.request.get(`/api/v3/location/get/${id}`);
  expect(stored.ok()).toBe(true);
  const [kept] = ((await stored.json()) as { markers: { libelle: string; x: number; y: number }[] }).markers;
  expect(kept?.libelle).toBe('Extincteur');
  expect(kept?.x).toBeGreaterThan(0.235);
  expect(kept?.x).toBeLessThan(0.265);
  expect(kept?.y).toBeGreaterThan(0.285);
  expect(kept?.y).toBeLessThan(0.315);

  await page.reload();
  await page
    .getByRole('navigation', { name: 'Liste des localisations' })
    .getByRole('button', { name: new RegExp(name) })
    .click();
  await expect(
    page.getByRole('group', { name: `Plan de ${name} avec ses repères` }).getByRole('button', { name: /^Repère Extincteur/ }),
  ).toHaveAccessibleName(/position 2[4-6] %, (29|30|31) %/);
  expect(errors).toEqual([]);
});

test('risks: the catalogue by family, a duplicate, a confirmed delete; a risk of an equipment is inherited by its child', async ({
  browser,
}) => {
  const { page, errors } = await signedInAs(browser, 'admin@acme.demo.fr');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Risques', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/risques$/);
  await expect(page.getByRole('heading', { name: 'Risques', level: 1 })).toBeVisible();
  const elec = page.getByRole('table', { name: 'Électricité' });
  await expect(elec.getByRole('rowheader', { name: /Électrisation par contact direct/ })).toBeVisible();
  await expectAccessible(page, 'risques');

  await ok(
    Promise.all([
      api(page, 'POST', '/api/v2/risk/'),
      elec.getByRole('button', { name: 'Dupliquer Arc électrique lors d’une manœuvre' }).click(),
    ]).then(([r]) => r),
  );
  const copy = elec.getByRole('rowheader', { name: /Arc électrique lors d’une manœuvre \(copie\)/ });
  await expect(copy).toBeVisible();
  await elec.getByRole('button', { name: 'Supprimer Arc électrique lors d’une manœuvre (copie)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Supprimer le risque' });
  await expect(confirm).toContainText('Supprimer « Arc électrique lors d’une manœuvre (copie) » du catalogue ?');
  await expectAccessible(page, 'risques (confirmation)');
  await ok(
    Promise.all([api(page, 'DELETE', '/api/v2/risk/delete/'), confirm.getByRole('button', { name: 'Supprimer' }).click()]).then(([r]) => r),
  );
  await expect(copy).toHaveCount(0);

  // An equipment and its child (the equipment screens come with the equipment module): the parent's risk is the child's.
  const req = page.request;
  const parent = await req.post('/api/v2/equipement/create', { data: { parentId: null, name: `Poste e2e ${Date.now().toString(36)}` } });
  expect(parent.ok(), await parent.text()).toBe(true);
  const child = await req.post('/api/v2/equipement/create', { data: { parentId: (await parent.json()).id, name: 'Cellule e2e' } });
  expect(child.ok(), await child.text()).toBe(true);
  const risques = await (await req.get('/api/v2/risk/get')).json();
  const elecRisk = risques.find((r: { libelle: string }) => r.libelle === 'Électrisation par contact direct');
  const added = await req.post(`/api/v2/equipement/${(await parent.json()).id}/risques/add`, { data: { risqueId: elecRisk.id } });
  expect(added.ok(), await added.text()).toBe(true);
  const inherited = await (await req.get(`/api/v2/equipement/${(await child.json()).id}/risques`)).json();
  expect(inherited).toEqual([
    expect.objectContaining({ herite: true, risque: expect.objectContaining({ libelle: 'Électrisation par contact direct' }) }),
  ]);
  expect(errors).toEqual([]);
});

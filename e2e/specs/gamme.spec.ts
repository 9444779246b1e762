import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { call, signInOk } from './helpers.ts';
import { api, ok } from './workflow-builder.ts';

// Ticket 13, gammes and readings: an admin builds a round (a gamme and its points on an equipment) and a manoeuvre
// sheet numbered 1, 2, 3; a technician walks the round on a phone (390 × 844), sees an out-of-range value flagged
// before sending, and sends the round once.

const RONDE = `Ronde e2e ${Date.now().toString(36)}`;
const FICHE = `Fiche e2e ${Date.now().toString(36)}`;
const RONDE_PHONE = `Ronde téléphone ${Date.now().toString(36)}`;
const nav = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Creates a gamme on the Gammes screen (the admin's), returns to the list. */
async function createGamme(page: Page, libelle: string, duree: string) {
  await page.getByRole('button', { name: 'Nouvelle gamme' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle gamme' });
  await dialog.getByLabel('Libellé').fill(libelle);
  await dialog.getByLabel('Client').fill('Atelier compresseurs');
  await dialog.getByLabel('Durée (min)').fill(duree);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('rowheader', { name: libelle })).toBeVisible();
}

async function techniquePhone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

test('an admin builds a round (points inserted in order) and a manoeuvre sheet whose lines are numbered 1, 2, 3', async ({ page }) => {
  // Five screens and a dozen dialogs on a shared machine (up to 5 min measured under load): more than two minutes.
  test.setTimeout(600_000);
  await signInOk(page, 'admin@acme.demo.fr');
  // An equipment of the registry for the round's points (the registry's own screen is another journey).
  const created = await page.request.post('/api/v2/equipement/create', { data: { name: `Compresseur e2e ${Date.now().toString(36)}` } });
  expect(created.status()).toBe(200);
  const equipement = (await created.json()) as { id: number; name: string };

  // Gammes, from the menu.
  await nav(page).getByRole('link', { name: 'Gammes', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/gammes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gammes' })).toBeVisible();
  await createGamme(page, RONDE, '30');
  await expectAccessible(page, '/app/gammes');

  // Its points: one added on the screen (equipment chosen by typing its name), one inserted before it.
  await page.getByRole('link', { name: RONDE }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Points — ${RONDE}` })).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter un point' }).click();
  let dialog = page.getByRole('dialog', { name: 'Nouveau point' });
  await dialog.getByLabel(/^Nom/).fill('Pression huile');
  await dialog.getByLabel('Unité').fill('bar');
  await dialog.getByLabel('Minimum').fill('2');
  await dialog.getByLabel("Seuil d'alerte bas").fill('3');
  await dialog.getByLabel("Seuil d'alerte haut").fill('7');
  await dialog.getByLabel('Maximum').fill('8');
  await dialog.getByRole('combobox', { name: 'Équipement' }).fill(equipement.name);
  await page.getByRole('option', { name: new RegExp(equipement.name) }).click();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  const points = page.getByRole('table', { name: 'Points de la gamme' });
  await expect(points.getByRole('rowheader', { name: 'Pression huile' })).toBeVisible();

  await page.getByRole('button', { name: 'Insérer un point avant Pression huile' }).click();
  dialog = page.getByRole('dialog', { name: 'Nouveau point' });
  await dialog.getByLabel(/^Nom/).fill('Température refoulement');
  await dialog.getByLabel('Unité').fill('°C');
  await dialog.getByLabel('Minimum').fill('20');
  await dialog.getByLabel('Maximum').fill('90');
  await dialog.getByRole('combobox', { name: 'Équipement' }).fill(equipement.name);
  await page.getByRole('option', { name: new RegExp(equipement.name) }).click();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(points.getByRole('rowheader')).toHaveText(['Température refoulement', 'Pression huile']);
  await expectAccessible(page, '/app/gammes/:id (points)');

  // A manoeuvre sheet: a gamme of its own, three lines numbered by the server (max + 1).
  await page.getByRole('link', { name: 'Retour aux gammes' }).click();
  await createGamme(page, FICHE, '45');
  await page.getByRole('button', { name: `Fiche de manœuvre ${FICHE}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Fiche de manœuvre — ${FICHE}` })).toBeVisible();
  const lignes = page.getByRole('table', { name: 'Lignes de la fiche de manœuvre' });
  await expect(lignes.getByText('Aucune ligne : ajoutez la première manœuvre.')).toBeVisible();
  const operations = ['Ouvrir le disjoncteur Q1', 'Débrocher le disjoncteur Q1', 'Fermer le sectionneur de terre'];
  for (const [i, operation] of operations.entries()) {
    await page.getByRole('button', { name: 'Ajouter une ligne' }).click();
    dialog = page.getByRole('dialog', { name: `Nouvelle ligne n° ${i + 1}` });
    await dialog.getByLabel('Poste / cellule').fill('TGBT atelier — cellule 2');
    await dialog.getByLabel('Appareil').fill('Q1');
    await dialog.getByLabel(/^Opération/).fill(operation);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
    await expect(lignes.getByRole('row', { name: new RegExp(operation) })).toBeVisible();
  }
  await expect(lignes.getByRole('rowheader')).toHaveText(['1', '2', '3']);
  await expect(page.getByRole('list', { name: 'États de manœuvre' })).toBeVisible();
  await expectAccessible(page, '/app/manoeuvres/:id');
  await page.getByRole('link', { name: 'Retour aux fiches de manœuvre' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manœuvres' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(FICHE) })).toContainText('3');
  await expectAccessible(page, '/app/manoeuvres');
});

test('a technician walks a round on a phone, sees the out-of-range value flagged before sending, and sends it once', async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  // The technician reads only part of the registry (demo: specific rights): the round is on equipment he reads.
  const tech = await techniquePhone(browser);
  const phone = tech.page;
  await signInOk(phone, 'technicien@acme.demo.fr');
  const readable = await phone.request.get('/api/v2/equipement/options?limit=200');
  expect(readable.status()).toBe(200);
  const [equipement] = (await readable.json()) as { id: number; libelle: string }[];
  expect(equipement).toBeDefined();

  // The round, prepared through the API by the admin (the previous journey builds one on the screens).
  await signInOk(page, 'admin@acme.demo.fr');
  const me = await page.request.get('/api/getConnectedUser');
  const logicielId = ((await me.json()) as { logiciels: { id: number }[] }).logiciels[0].id;
  const saved = await page.request.post('/api/gamme/save', {
    data: { libelle: RONDE_PHONE, client: 'Atelier compresseurs', duree: 20, logiciel_id: logicielId },
  });
  expect(saved.status()).toBe(200);
  const gammeId = ((await saved.json()) as { id: number }).id;
  for (const p of [
    { nom: 'Température refoulement', unite: '°C', min: 20, max: 90 },
    { nom: 'Pression huile', unite: 'bar', min: 2, lowWarning: 3, highWarning: 7, max: 8 },
  ]) {
    const res = await page.request.post('/api/v2/gamme-modele-metrique/create', {
      data: { gammeId, dataType: 'number', equipementId: equipement.id, obligatoire: true, ...p },
    });
    expect(res.status()).toBe(200);
  }

  // The technician, on a phone.
  await phone.reload();
  await phone.getByRole('button', { name: 'Afficher ou masquer le menu' }).click();
  await nav(phone).getByRole('link', { name: 'Saisie de relevés', exact: true }).click();
  await expect(phone).toHaveURL(/\/app\/releves$/);
  await expect(phone.getByRole('heading', { level: 1, name: 'Saisie de relevés' })).toBeVisible();
  await expectAccessible(phone, '/app/releves (phone)');
  await phone.getByRole('link', { name: new RegExp(RONDE_PHONE) }).tap();

  await expect(phone.getByText('Point 1 / 2')).toBeVisible();
  await expect(phone.getByRole('heading', { level: 2, name: 'Température refoulement' })).toBeVisible();
  const valeur = phone.getByRole('textbox', { name: 'Valeur relevée' });
  await expect(valeur).toHaveAttribute('inputmode', 'decimal');
  await valeur.fill('55');
  await expect(phone.getByText('Valeur dans la plage')).toBeVisible();
  await phone.getByRole('button', { name: 'Suivant' }).tap();

  await expect(phone.getByText('Point 2 / 2')).toBeVisible();
  await valeur.fill('9,5');
  // Flagged as soon as typed, before anything is sent.
  await expect(phone.getByText('Valeur hors plage')).toBeVisible();
  await expectAccessible(phone, '/app/releves/:id (phone, out of range)');
  expect(await pageWidth(phone)).toBeLessThanOrEqual(390);
  const box = await phone.getByRole('button', { name: 'Vérifier la ronde' }).boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await phone.getByRole('button', { name: 'Vérifier la ronde' }).tap();
  await expect(phone.getByText('Un commentaire est obligatoire pour une valeur hors plage.')).toBeVisible();
  await phone.getByRole('textbox', { name: /Commentaire/ }).fill('Filtre à huile colmaté, signalé au chef de quart');
  await phone.getByRole('button', { name: 'Vérifier la ronde' }).tap();

  const review = phone.getByRole('list', { name: 'Vérification avant envoi' });
  await expect(review.getByText('Alarme')).toBeVisible();
  await expectAccessible(phone, '/app/releves/:id (phone, review)');
  const sent = phone.waitForResponse((r) => r.url().endsWith('/api/equipment/releves/set-captured-values'));
  await phone.getByRole('button', { name: 'Envoyer la ronde (2 relevés)' }).tap();
  expect((await sent).status()).toBe(200);
  await expect(phone.getByText('Ronde envoyée')).toBeVisible();
  await expect(phone.getByText('2 relevés enregistrés.')).toBeVisible();

  // Recorded with its level (the history the equipment detail shows).
  const history = await page.request.get(`/api/equipment/releves/history?equipementId=${equipement.id}`);
  expect(history.status()).toBe(200);
  const { items } = (await history.json()) as { items: { pointNom: string; niveau: string; comment: string | null }[] };
  expect(items.map((r) => [r.pointNom, r.niveau]).sort()).toEqual([
    ['Pression huile', 'alarm'],
    ['Température refoulement', 'ok'],
  ]);
  expect(tech.errors).toEqual([]);
  await tech.context.close();
});

test('a process step embeds a round: one value out of range is flagged with its comment, the step signed, the readings in the equipment’s « Relevés » tab', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInOk(page, 'admin@acme.demo.fr');
  const suffix = Date.now().toString(36);
  // The set-up through the API: a gamme of two points on a compressor, a workflow whose first step embeds its round.
  const [eq] = await call<{ id: number; libelle: string }[]>(page, 'GET', '/api/v2/equipement/options?search=Compresseur&limit=1');
  // The software « Mes relevés » of the demo's round.
  const gammes = await call<{ logicielId: number; libelle: string }[]>(page, 'GET', '/api/gamme/get_all');
  const mr = gammes.find((g) => g.libelle === 'Ronde compresseurs')?.logicielId;
  const gamme = await call<{ id: number }>(page, 'POST', '/api/gamme/save', { libelle: `Ronde processus ${suffix}`, logiciel_id: mr });
  const point = (nom: string, extra: object) =>
    call(page, 'POST', '/api/v2/gamme-modele-metrique/create', {
      gammeId: gamme.id,
      nom,
      dataType: 'number',
      equipementId: eq.id,
      ...extra,
    });
  await point(`Pression ${suffix}`, { unite: 'bar', min: 6, lowWarning: 7, highWarning: 9.5, max: 10, obligatoire: true });
  await point(`Température ${suffix}`, { unite: '°C', max: 110, obligatoire: true });
  const wf = await call<{ id: number }>(page, 'POST', '/api/v2/workflow/create', { libelle: `Ronde avec relevés ${suffix}` });
  const models = await call<{ id: number; etapes: { id: number }[] }[]>(page, 'GET', '/api/v2/workflow/get_workflows_for_edition');
  const etapeId = models.find((m) => m.id === wf.id)?.etapes[0].id;
  await call(page, 'PUT', '/api/v2/etape/assign_metrique', {
    etapeId,
    nom: 'Relevés de la ronde',
    dataType: 'gamme_releves',
    required: true,
    propertyValues: { gammeId: gamme.id },
  });
  const p = await call<{ id: number }>(page, 'POST', '/api/v3/process/create', {
    processModeleId: wf.id,
    nomProcess: `Ronde du jour ${suffix}`,
  });

  await page.goto(`/app/processus/${p.id}`);
  const field = page.getByRole('group', { name: /Relevés de la ronde/ });
  await expect(field.getByText('Point 1 / 2')).toBeVisible();
  await field.getByRole('textbox', { name: 'Valeur relevée' }).fill('11,2');
  // Flagged at once, before anything is sent; the comment is required.
  await expect(field.getByRole('status')).toContainText('Valeur hors plage');
  await expectAccessible(page, '/app/processus/:id (round field, value out of range)');
  await field.getByRole('button', { name: 'Suivant' }).click();
  await expect(field.getByText('Un commentaire est obligatoire pour une valeur hors plage.')).toBeVisible();
  await field.getByRole('textbox', { name: /Commentaire/ }).fill('Soupape de sûreté à contrôler');
  await field.getByRole('button', { name: 'Suivant' }).click();
  await expect(field.getByText('Point 2 / 2')).toBeVisible();
  await field.getByRole('textbox', { name: 'Valeur relevée' }).fill('82');
  await field.getByRole('button', { name: 'Vérifier la ronde' }).click();
  await expect(field.getByRole('list', { name: 'Vérification avant envoi' }).getByText('Alarme')).toBeVisible();
  await field.getByRole('button', { name: 'Enregistrer les relevés (2)' }).click();
  await expect(field.getByText(/2 relevés enregistrés pour ce processus/)).toBeVisible();

  await ok(
    Promise.all([api(page, 'PUT', '/api/v3/process/sign'), page.getByRole('button', { name: 'Signer', exact: true }).click()]).then(
      ([r]) => r,
    ),
  );
  // The signed step reads its readings as text.
  await page.reload();
  const done = page.getByRole('button', { name: /^1\. .* — (Validée|Terminée)/ });
  if ((await done.getAttribute('aria-expanded')) !== 'true') await done.click();
  await expect(page.getByText(`Pression ${suffix} :`)).toBeVisible();
  await expect(page.getByText('2 relevés enregistrés — 1 hors plage')).toBeVisible();

  // The equipment's history shows them.
  await page.goto(`/app/equipements/${eq.id}?onglet=releves`);
  const tab = page.getByRole('tabpanel', { name: 'Relevés' });
  await expect(tab.getByText(`Pression ${suffix}`).first()).toBeVisible();
  await expect(tab.getByText('Soupape de sûreté à contrôler')).toBeVisible();
  await expectAccessible(page, '/app/equipements/:id (readings of a process round)');
});

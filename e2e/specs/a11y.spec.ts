import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { call, signIn, signInOk } from './helpers.ts';

// Issue 16: no axe violation of level A or AA on any screen. Walks every route of the router (apps/web/src/app/router.tsx)
// with the accounts that reach it, and the states a person meets there (a dialog open, a field selected, a finished
// step read back). The journeys check their own screens too (expectAccessible); this walk covers the rest.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** Waits for a screen of the app: its title shown and nothing left loading. */
async function settled(page: Page, heading?: string | RegExp) {
  await expect(
    heading === undefined ? page.getByRole('heading', { level: 1 }).first() : page.getByRole('heading', { level: 1, name: heading }),
  ).toBeVisible();
  await expect(page.getByLabel('Chargement…')).toHaveCount(0);
}

/** Every link of the side menu, in order. */
async function menuLinks(page: Page): Promise<{ name: string; href: string }[]> {
  await expect(nav(page).getByRole('link').first()).toBeVisible();
  return nav(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => ({ name: (a.textContent ?? '').trim(), href: a.getAttribute('href') ?? '' })));
}

/** Opens each page of the side menu from the menu and checks it. */
async function walkMenu(page: Page, who: string) {
  for (const link of await menuLinks(page)) {
    await nav(page).getByRole('link', { name: link.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${link.href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await settled(page);
    await expectAccessible(page, `${link.href} (${who})`);
  }
}

/** Opens a dialog with its button, checks the screen with it open, and closes it with Escape. */
async function withDialog(page: Page, button: string, screen: string) {
  await page.getByRole('button', { name: button, exact: true }).first().click();
  await expect(page.getByRole('dialog').first()).toBeVisible();
  await expectAccessible(page, screen);
  // A list open inside the dialog takes the first Escape.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 1000 });
  }).toPass();
}

/** The registry's screens (ticket 13): each walked by its address, whether or not the person's menu shows it. */
const REGISTRE = ['/app/equipements', '/app/localisations', '/app/risques', '/app/gammes', '/app/manoeuvres', '/app/releves'];

/**
 * The registry's screens and their detail pages (an equipment with its tabs, a gamme's points, a manoeuvre sheet, a
 * reading round): as the person reaches them (their rights on the tree, or « Accès refusé »), each axe-clean.
 */
async function walkRegistre(page: Page, who: string) {
  for (const href of REGISTRE) {
    await page.goto(href);
    await settled(page);
    await expectAccessible(page, `${href} (${who})`);
  }
  const [eq] = await call<{ id: number }[]>(page, 'GET', '/api/v2/equipement/options?search=Compresseur&limit=1');
  if (eq) {
    await page.goto(`/app/equipements/${eq.id}`);
    await settled(page);
    await expect(page.getByRole('tab').first()).toBeVisible();
    await expectAccessible(page, `/app/equipements/:id (${who})`);
    const releves = page.getByRole('tab', { name: 'Relevés' });
    if (await releves.count()) {
      await releves.click();
      await expect(page.getByRole('tabpanel', { name: 'Relevés' })).toBeVisible();
      await expect(page.getByLabel('Chargement…')).toHaveCount(0);
      await expectAccessible(page, `/app/equipements/:id?onglet=releves (${who})`);
    }
  }
  const gammes = await call<{ id: number; libelle: string }[]>(page, 'GET', '/api/gamme/get_all');
  const ronde = gammes.find((g) => g.libelle === 'Ronde compresseurs');
  const fiche = gammes.find((g) => g.libelle === 'Mise hors tension TGBT atelier');
  for (const href of [ronde && `/app/gammes/${ronde.id}`, fiche && `/app/manoeuvres/${fiche.id}`, ronde && `/app/releves/${ronde.id}`]) {
    if (!href) continue;
    await page.goto(href);
    await settled(page);
    await expectAccessible(page, `${href.replace(/\d+$/, ':id')} (${who})`);
  }
}

test('the sign-in, activation and not-found pages', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expectAccessible(page, '/login');
  await signIn(page, 'admin@acme.demo.fr', 'Mauvais-2026!');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page, '/login (error)');

  await page.goto('/activation?token=jeton-de-test');
  await expect(page.getByRole('heading', { name: 'Activer mon compte' })).toBeVisible();
  await expectAccessible(page, '/activation');
  await page.goto('/activation');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page, '/activation (no token)');

  await page.goto('/nulle-part');
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  await expectAccessible(page, '/nulle-part (signed out)');
});

test("Acme's admin: the home, every page of the menu, the dialogs, a process, the editor, a board", async ({ page }) => {
  // Every menu page (ticket 14 added the habilitation, QCM and training screens), every list, the dialogs: over five
  // minutes on a shared machine.
  test.setTimeout(600_000);
  await signInOk(page, 'admin@acme.demo.fr');
  await settled(page);
  await expectAccessible(page, '/app (admin)');
  await walkMenu(page, 'admin');
  // The registry is in the admin's menu, and walked with its detail pages.
  const hrefs = (await menuLinks(page)).map((l) => l.href);
  for (const href of REGISTRE) expect(hrefs).toContain(href);
  await walkRegistre(page, 'admin');

  // Every list, from the page of lists (the side menu shows those of the active software only).
  await page.goto('/app/listes');
  await settled(page, 'Listes');
  await expectAccessible(page, '/app/listes (admin)');
  const lists = await page
    .getByRole('main')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(lists.length).toBeGreaterThan(0);
  for (const href of lists) {
    await page.goto(href);
    await settled(page);
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page, `${href} (admin)`);
  }

  // The administration screens with their creation dialogs, the permissions of a profile.
  await page.goto('/app/permissions');
  await settled(page, 'Permissions');
  await page.getByRole('combobox', { name: 'Profil' }).click();
  await page.getByRole('option', { name: 'Responsable', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Consulter — Utilisateurs' })).toBeVisible();
  await expectAccessible(page, '/app/permissions (matrix of a profile)');
  await page.goto('/app/utilisateurs');
  await settled(page, 'Utilisateurs');
  await withDialog(page, 'Nouvel utilisateur', '/app/utilisateurs: new user dialog');
  await page.goto('/app/services');
  await settled(page, 'Services');
  await withDialog(page, 'Nouveau service interne', '/app/services: new service dialog');
  await page.goto('/app/parametres');
  await settled(page, "Paramètres de l'entreprise");
  await expectAccessible(page, '/app/parametres (admin)');

  // QCM and trainings (ticket 14): the bank and a quiz's questions, the evaluation settings, the trainings and attempts.
  await page.goto('/app/qcm');
  await settled(page, 'Questionnaires (QCM)');
  await expectAccessible(page, '/app/qcm (admin)');
  await withDialog(page, 'Nouveau questionnaire', '/app/qcm: new quiz dialog');
  await page.getByRole('table', { name: 'Questionnaires (QCM)' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/app\/qcm\/\d+$/);
  await settled(page);
  await expectAccessible(page, '/app/qcm/:id (admin)');
  await withDialog(page, 'Ajouter une question', '/app/qcm/:id: new question dialog');
  await page.goto('/app/parametres-evaluations');
  await settled(page, 'Paramètres des évaluations');
  await expectAccessible(page, '/app/parametres-evaluations (admin)');
  await page.goto('/app/formations');
  await settled(page, 'Formations');
  await expectAccessible(page, '/app/formations (admin)');
  await withDialog(page, 'Nouvelle formation', '/app/formations: new training dialog (admin)');
  await page.getByRole('tab', { name: 'Évaluations' }).click();
  await expect(page.getByRole('table', { name: 'Évaluations passées' })).toBeVisible();
  await expectAccessible(page, '/app/formations: attempts (admin)');

  // The creation of a process.
  await page.goto('/app/processus');
  await settled(page, 'Processus');
  await withDialog(page, 'Nouveau processus', '/app/processus: new process dialog');

  // A lockout with finished steps and an open one, a finished step opened.
  await page.goto('/app/listes/MES_CONSIGNATIONS');
  await page.getByRole('table', { name: 'Mes consignations' }).getByRole('row', { name: 'Consignation TGBT atelier — départ D4' }).click();
  await expect(page).toHaveURL(/\/app\/processus\/\d+$/);
  await expect(page.getByRole('heading', { name: /^Étape en cours/ })).toBeVisible();
  await settled(page);
  await expectAccessible(page, '/app/processus/:id (open step)');
  const finished = page.getByRole('button', { name: /^1\. .* — Validée/ });
  await finished.click();
  await expect(finished).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page, '/app/processus/:id (finished step opened)');
  await page.getByRole('tab', { name: 'Journal' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Journal' })).toBeVisible();
  await expectAccessible(page, '/app/processus/:id (journal)');

  // The workflow editor with a field selected, then its rules and preview.
  const workflows = await call<{ id: number; libelle: string }[]>(page, 'GET', '/api/v2/workflow/get_workflows_for_edition');
  const lockout = workflows.find((w) => w.libelle === 'Consignation électrique');
  if (!lockout) throw new Error('Workflow « Consignation électrique » introuvable');
  await page.goto(`/app/workflows/${lockout.id}`);
  await settled(page, 'Consignation électrique');
  await page
    .getByRole('button', { name: /^Sélectionner le champ/ })
    .first()
    .click();
  await expect(page.getByRole('textbox', { name: 'Libellé', exact: true })).toBeVisible();
  await expectAccessible(page, '/app/workflows/:id (field selected)');
  await page.getByRole('tab', { name: "Règles d'autorisation" }).click();
  await expectAccessible(page, '/app/workflows/:id (rules)');
  await page.getByRole('tab', { name: 'Aperçu' }).click();
  await expectAccessible(page, '/app/workflows/:id (preview)');

  // A board (the demo's), and the board creation dialog.
  await page.goto('/app/tableaux');
  await settled(page, 'Tableaux');
  await withDialog(page, 'Nouveau tableau', '/app/tableaux: new board dialog');
  await page.getByRole('main').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/app\/tableaux\/\d+$/);
  await settled(page);
  await expect(page.getByRole('table')).toBeVisible();
  await expectAccessible(page, '/app/tableaux/:id');

  // Habilitations (ticket 14): the matrix, a title being issued, a person's page, the catalogue and visit dialogs.
  await page.goto('/app/habilitations/titres/nouveau');
  await settled(page, "Établir un titre d'habilitation");
  await expectAccessible(page, '/app/habilitations/titres/nouveau (admin)');
  await page.goto('/app/habilitations');
  await settled(page, "Titres d'habilitation");
  const person = page.getByRole('button', { name: /^Voir les habilitations de / }).first();
  if (await person.count()) {
    await person.click();
    await settled(page, /^Habilitations de /);
    await expectAccessible(page, '/app/habilitations/personnes/:id (admin)');
  }
  await page.goto('/app/symboles-habilitation');
  await settled(page, "Symboles d'habilitation");
  await withDialog(page, 'Nouveau symbole', '/app/symboles-habilitation: new symbol dialog');
  await page.goto('/app/visites-medicales');
  await settled(page, 'Visites médicales');
  await withDialog(page, 'Nouvelle visite', '/app/visites-medicales: new visit dialog');

  // The account menu open.
  await page.getByRole('button', { name: /^Mon compte/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, '/app: account menu');
});

test('the super admin: companies and the company dialog', async ({ page }) => {
  await signInOk(page, 'superadmin@demo.fr');
  await settled(page);
  await expectAccessible(page, '/app (superadmin)');
  await page.goto('/app/entreprises');
  await settled(page, 'Entreprises');
  await withDialog(page, 'Nouvelle entreprise', '/app/entreprises: new company dialog');
  await page.getByRole('button', { name: 'Modifier Acme Énergie' }).click();
  await expect(page.getByRole('dialog', { name: 'Modifier Acme Énergie' })).toBeVisible();
  await expectAccessible(page, '/app/entreprises: edit company dialog');
});

test('the technician: home, lists, access denied and not found', async ({ page }) => {
  test.setTimeout(300_000);
  await signInOk(page, 'technicien@acme.demo.fr');
  await settled(page);
  await expectAccessible(page, '/app (technician)');
  await walkMenu(page, 'technician');
  await walkRegistre(page, 'technician');
  await page.goto('/app/utilisateurs');
  await expect(page.getByRole('heading', { name: 'Accès refusé' })).toBeVisible();
  await expectAccessible(page, '/app/utilisateurs (access denied)');
  await page.goto('/app/xyz');
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  await expectAccessible(page, '/app/xyz (not found)');
});

test("the contractor's home and his pages", async ({ page }) => {
  await signInOk(page, 'intervenant@gamma.demo.fr');
  await settled(page);
  await expectAccessible(page, '/app (contractor)');
  await walkMenu(page, 'contractor');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the home, the menu open and a list', async ({ page }) => {
    await signInOk(page, 'technicien@acme.demo.fr');
    await settled(page);
    await expectAccessible(page, '/app (phone)');
    await page.getByRole('button', { name: 'Afficher ou masquer le menu' }).click();
    await expect(nav(page).getByRole('link', { name: 'Mes consignations', exact: true })).toBeVisible();
    await expectAccessible(page, '/app: menu open (phone)');
    await nav(page).getByRole('link', { name: 'Mes consignations', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/listes\/MES_CONSIGNATIONS$/);
    await settled(page);
    await expect(page.getByRole('table', { name: 'Mes consignations' })).toBeVisible();
    await expectAccessible(page, '/app/listes/MES_CONSIGNATIONS (phone)');
  });
});

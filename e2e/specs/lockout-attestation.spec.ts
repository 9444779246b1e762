import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { signedInAs } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import { api, ok } from './workflow-builder.ts';

// Ticket 15, its first Playwright check: the chargé de consignation (Bruno Lefèvre, BC) runs a two-step electrical
// lockout of the TGBT on its screen — padlocks on the isolation points, the first step's operations and its attestation,
// then the second step's and the attestation de consignation — and prints the attestation from the « Documents » menu.
// The demo lockout is this journey's own (demo-journeys.ts): prepared, two points, no padlock yet.

const LOCKOUT = 'Consignation TGBT atelier — remplacement des départs D12 et D13';
const OUVRAGE = 'TGBT atelier (TGBT-A)';
const PADLOCKS = { 'Q-D12': 'C-512', 'Q-D13': 'C-513' } as const;
const SIGNER = 'Bruno Lefèvre';

/** Signs in a signature dialog with the typed name (the pad's other way), then submits it; waits for the server. */
async function signDialog(page: Page, dialogName: string, submit: string, path: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Ou tapez votre nom pour signer' }).fill(SIGNER);
  await dialog.getByRole('button', { name: 'Valider la signature « Signature »' }).click();
  await expect(dialog.getByText('Signature prête')).toBeVisible();
  await ok(Promise.all([api(page, 'POST', path), dialog.getByRole('button', { name: submit, exact: true }).click()]).then(([r]) => r));
  await expect(dialog).toBeHidden();
}

/** Signs one operation of the checklist from its « Signer » button; the checklist then shows it done, by him. */
async function signOperation(page: Page, libelle: string) {
  await page.getByRole('button', { name: `Signer l'opération « ${libelle} »` }).click();
  await signDialog(page, `Signer : ${libelle}`, 'Signer', '/api/v2/consignation/operation/sign');
  const item = page.getByRole('region', { name: 'Opérations de consignation' }).getByRole('listitem').filter({ hasText: libelle });
  await expect(item).toContainText('Faite');
  await expect(item).toContainText(`Signée par ${SIGNER} le`);
}

test('a chargé de consignation runs a two-step electrical lockout on the TGBT and prints the attestation (the PDF names the equipment and padlocks)', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { page, errors } = await signedInAs(browser, 'responsable@acme.demo.fr');

  // The register, filtered on the TGBT (and below): his lockout, prepared, no padlock on yet.
  await page.goto('/app/registre-consignations');
  await expect(page.getByRole('heading', { level: 1, name: 'Registre des consignations' })).toBeVisible();
  const equipement = page.getByRole('combobox', { name: 'Équipement', exact: true });
  await equipement.click();
  await equipement.fill('TGBT atelier');
  await page.getByRole('option', { name: /^TGBT atelier \(TGBT-A\) — / }).click();
  const table = page.getByRole('table', { name: 'Registre des consignations' });
  const row = table.getByRole('row', { name: new RegExp(LOCKOUT) });
  await expect(row).toContainText(OUVRAGE);
  await row.getByRole('link', { name: LOCKOUT }).click();
  await expect(page).toHaveURL(/\/app\/processus\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(LOCKOUT);

  // The lockout tab: the ouvrage, prepared, in two steps; only the first step's attestation moves it on.
  await page.getByRole('tab', { name: 'Consignation' }).click();
  const state = page.getByRole('region', { name: 'État de la consignation' });
  await expect(state).toContainText('État : Préparée');
  await expect(page.getByText(`Ouvrage consigné : ${OUVRAGE}`)).toBeVisible();
  await expect(state.getByRole('radio', { name: 'En deux étapes' })).toBeChecked();
  const move = state.getByRole('button', { name: /^Passer à « Consignée \(1re étape\) »/ });
  await expect(move).toBeDisabled();
  // The move says what the first step's attestation still waits for, and that attestation is not offered yet.
  await expect(move).toHaveAccessibleDescription(/Opérations de consignation à signer d’abord : Séparation, Condamnation/);
  const firstAttestation = page.getByRole('button', { name: "Signer l'Attestation de première étape de consignation" });
  await expect(firstAttestation).toBeDisabled();
  await expectAccessible(page, '/app/processus/:id (lockout tab, prepared in two steps)');

  // First step: separation, then the condamnation — each point's padlock number recorded — and its attestation.
  await signOperation(page, 'Séparation');
  await expectAccessible(page, '/app/processus/:id (lockout tab, an operation signed)');
  const points = page.getByRole('region', { name: /^Points d'isolement/ });
  for (const [repere, numero] of Object.entries(PADLOCKS)) {
    const point = points.getByRole('listitem', { name: `Point ${repere}` });
    await expect(point).toContainText('Pas encore de cadenas');
    await point.getByRole('textbox', { name: `N° de cadenas du point ${repere}` }).fill(numero);
    await ok(
      Promise.all([
        api(page, 'PUT', '/api/v2/consignation/point/cadenas'),
        point.getByRole('button', { name: 'Poser', exact: true }).click(),
      ]).then(([r]) => r),
    );
    await expect(point).toContainText(`Cadenas n° ${numero} posé par ${SIGNER} le`);
  }
  await signOperation(page, 'Condamnation');
  await expect(firstAttestation).toBeEnabled();
  await firstAttestation.click();
  await expect(page.getByRole('dialog', { name: 'Attestation de première étape de consignation' })).toContainText(
    'Je certifie la première étape de consignation',
  );
  await expectAccessible(page, '/app/processus/:id (first step attestation dialog)');
  await signDialog(
    page,
    'Attestation de première étape de consignation',
    "Signer l'attestation",
    '/api/v2/consignation/attestation/create',
  );
  await expect(state).toContainText('État : Consignée (1re étape)');
  const documents = page.getByRole('region', { name: 'Attestation et avis de fin de travail' });
  await expect(documents).toContainText(/Attestation de première étape de consignation N° \d+/);

  // Second step, on the work site: identification, VAT, earthing; then the attestation de consignation.
  for (const libelle of ['Identification', "Vérification d'absence de tension (VAT)", 'Mise à la terre et en court-circuit (MALT/CC)'])
    await signOperation(page, libelle);
  const attestation = page.getByRole('button', { name: "Signer l'Attestation de consignation" });
  await expect(attestation).toBeEnabled();
  await attestation.click();
  await signDialog(page, 'Attestation de consignation', "Signer l'attestation", '/api/v2/consignation/attestation/create');
  await expect(state).toContainText(/État : Consignée(?! \()/);
  await expect(documents).toContainText(/Attestation de consignation N° \d+/);
  await expectAccessible(page, '/app/processus/:id (lockout tab, consigned)');

  // The « Documents » menu of the process header prints the attestation: a PDF, downloaded with the session.
  await page.getByRole('button', { name: 'Documents', exact: true }).click();
  const item = page.getByRole('menuitem', { name: 'Attestation de consignation', exact: true });
  await expect(item).toBeVisible();
  await expectAccessible(page, '/app/processus/:id (documents menu of a lockout)');
  const [download, response] = await Promise.all([
    page.waitForEvent('download'),
    api(page, 'GET', '/api/v2/process/generate_document'),
    item.click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByText('« Attestation de consignation » téléchargé avec succès')).toBeVisible();

  // Its text: the attestation of this ouvrage, signed (no draft mark), its two points with their padlocks, the mode.
  const text = await pdfText(bytes);
  expect(text).toContain('Attestation de consignation');
  expect(text).toContain(OUVRAGE);
  for (const [repere, numero] of Object.entries(PADLOCKS)) {
    expect(text).toContain(repere);
    expect(text).toContain(numero);
  }
  expect(text).toContain('en deux étapes');
  expect(text).toContain(SIGNER);
  expect(text).not.toContain('NON SIGNÉE');
  expect(errors).toEqual([]);
  await page.context().close();
});

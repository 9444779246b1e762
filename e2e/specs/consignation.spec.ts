import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { call, signedInAs, signInOk } from './helpers.ts';
import { api, choose, ok } from './workflow-builder.ts';

const REGISTER = 'Registre des consignations';
/** A signature image (1 × 1 PNG) for the acts this journey makes through the API. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const FIRST_STEP = ['separation', 'purge', 'condamnation'];

type Detail = { etat: string; mode: string; operationsRequises: { operation: string; faite: boolean }[] };

/** Consigns a lockout through the API (its operations signed, then its attestation(s)): the setup of the field part. */
async function consign(page: Page, processId: number) {
  for (let step = 0; step < 2; step++) {
    const d = await call<Detail>(page, 'GET', `/api/v2/consignation/get/${processId}`);
    if (d.etat === 'consignee') return;
    const first = d.mode === 'deux_etapes' && d.etat !== 'consignee_etape1';
    const ops = d.operationsRequises.filter((o) => !o.faite && (!first || FIRST_STEP.includes(o.operation)));
    for (const o of ops) await call(page, 'POST', '/api/v2/consignation/operation/sign', { processId, operation: o.operation, image: PNG });
    await call(page, 'POST', '/api/v2/consignation/attestation/create', {
      processId,
      type: first ? 'premiere_etape' : 'consignation',
      image: PNG,
    });
  }
  const d = await call<Detail>(page, 'GET', `/api/v2/consignation/get/${processId}`);
  expect(d.etat).toBe('consignee');
}

test('a responsable reads the register (a mother and its daughters), opens his lockout, sees a refused move with its reason, and records a padlock on a phone', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // Unique to this run: the spec shares its database with the others, which read the demo's lockouts.
  const suffix = Date.now().toString(36).slice(-5);
  const NAME = `Consignation e2e ${suffix}`;
  const PADLOCK = `P-${suffix}`;

  const { page, errors } = await signedInAs(browser, 'responsable@acme.demo.fr');
  // His own lockout, created through the API: this journey changes it.
  const workflows = await call<{ id: number; libelle: string }[]>(page, 'GET', '/api/v2/workflow/get_workflows');
  const workflow = workflows.find((w) => w.libelle === 'Consignation électrique');
  if (!workflow) throw new Error('Workflow « Consignation électrique » introuvable');
  const p = await call<{ id: number; numero: number }>(page, 'POST', '/api/v3/process/create', {
    processModeleId: workflow.id,
    nomProcess: NAME,
    typeConsignation: 1,
  });

  // The register: the demo's shutdown is a mother with its daughters.
  await page.goto('/app/registre-consignations');
  await expect(page.getByRole('heading', { level: 1, name: REGISTER })).toBeVisible();
  const table = page.getByRole('table', { name: REGISTER });
  await choose(page, 'Type de consignation', 'Consignation mère');
  const toggle = table.getByRole('button', { name: /^Consignations? filles? de N° / }).first();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(table.getByRole('row', { name: /Fille N° / }).first()).toBeVisible();
  expect(await table.getByRole('row', { name: /Fille N° / }).count()).toBeGreaterThanOrEqual(2);
  await expectAccessible(page, '/app/registre-consignations (a mother expanded)');

  // His lockout, found by its type, opens its process; the « Consignation » tab shows its state.
  await choose(page, 'Type de consignation', 'Consignation');
  await table.getByRole('link', { name: NAME }).click();
  await expect(page).toHaveURL(new RegExp(`/app/processus/${p.id}$`));
  await page.getByRole('tab', { name: 'Consignation' }).click();
  await expect(page.getByRole('heading', { name: 'État de la consignation' })).toBeVisible();
  await expectAccessible(page, '/app/processus/:id (lockout tab, new lockout)');

  // A move asked for confirmation, then one the rules refuse: disabled, its reason in French beside it.
  await page.getByRole('button', { name: /^Passer à « Préparée »/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Passer à « Préparée » ?' });
  await dialog.getByRole('textbox', { name: /Motif/ }).fill('Fiche de consignation approuvée');
  await ok(
    Promise.all([
      api(page, 'POST', '/api/v2/consignation/transition'),
      dialog.getByRole('button', { name: 'Confirmer le passage' }).click(),
    ]).then(([r]) => r),
  );
  await expect(dialog).toBeHidden();
  const refused = page.getByRole('button', { name: /^Passer à « Consignée »/ });
  await expect(refused).toBeDisabled();
  // Its reason, written beside it and read with it (aria-describedby): operations or the attestation come first.
  const reasonId = await refused.getAttribute('aria-describedby');
  expect(reasonId).toBeTruthy();
  await expect(page.locator(`[id="${reasonId}"]`)).toBeVisible();
  await expect(page.locator(`[id="${reasonId}"]`)).toHaveText(/d’abord|Signez l’attestation/);
  await expectAccessible(page, '/app/processus/:id (lockout tab, a refused move)');
  // Its operations and attestation (signed on site: another journey's subject) bring it to « Consignée ».
  await consign(page, p.id);
  expect(errors).toEqual([]);
  await page.context().close();

  // On a phone (the field part): his personal padlock on the lockbox.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  const phoneErrors: string[] = [];
  phone.on('pageerror', (e) => phoneErrors.push(e.message));
  await signInOk(phone, 'responsable@acme.demo.fr');
  await phone.goto(`/app/processus/${p.id}`);
  await phone.getByRole('tab', { name: 'Consignation' }).click();
  const padlocks = phone.getByRole('region', { name: 'Cadenas personnels' });
  await expect(padlocks).toBeVisible();
  await choose(phone, 'Intervenant', 'Bruno Lefèvre');
  await padlocks.getByRole('textbox', { name: 'N° du cadenas' }).fill(PADLOCK);
  const pose = padlocks.getByRole('button', { name: 'Poser le cadenas' });
  // A target for a finger: at least 44 px high.
  expect((await pose.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await ok(Promise.all([api(phone, 'POST', '/api/v2/consignation/cadenas/create'), pose.tap()]).then(([r]) => r));
  await expect(padlocks.getByText(`Bruno Lefèvre — cadenas n° ${PADLOCK}`)).toBeVisible();
  await expect(padlocks.getByText('1 posés / 1')).toBeVisible();
  // Removing someone else's padlock would be its own procedure; his own is removed with his signature.
  await expect(padlocks.getByRole('button', { name: 'Retirer mon cadenas' })).toBeVisible();
  await expectAccessible(phone, '/app/processus/:id (lockout tab, phone, padlock on)');
  // The page does not scroll sideways on the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(phoneErrors).toEqual([]);
  await context.close();
});

import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { drawSignature, signedInAs } from './helpers.ts';
import { api, buildThreeStepWorkflow, choose, ok } from './workflow-builder.ts';

const WORKFLOW = 'Permis de fouille';
const PROCESS = 'Fouille du regard R12';

async function drawAndValidate(page: Page, field: string) {
  await drawSignature(page, field);
  await expect(page.getByText('Signature prête')).toBeVisible();
}

async function signStep(page: Page) {
  await ok(
    Promise.all([api(page, 'PUT', '/api/v3/process/sign'), page.getByRole('button', { name: 'Signer', exact: true }).click()]).then(
      ([r]) => r,
    ),
  );
}

const currentStep = (page: Page) => page.getByRole('heading', { name: /^Étape en cours/ });

test('a process runs through a three-step workflow: fill, sign, return by the validator, re-sign, close; the journal shows it', async ({
  browser,
}) => {
  test.setTimeout(180_000);

  // The admin builds the workflow in the editor.
  const admin = await signedInAs(browser, 'admin@acme.demo.fr');
  await admin.page.goto('/app/workflows');
  await buildThreeStepWorkflow(admin.page, WORKFLOW);
  await admin.page.context().close();

  // The technicien creates a process of it from the list.
  const tech = await signedInAs(browser, 'technicien@acme.demo.fr');
  const tp = tech.page;
  await tp.getByRole('link', { name: 'Processus' }).first().click();
  await expect(tp).toHaveURL(/\/app\/processus$/);
  await expect(tp.getByRole('heading', { name: 'Processus', exact: true })).toBeVisible();
  await tp.getByRole('button', { name: 'Nouveau processus' }).click();
  const dialog = tp.getByRole('dialog', { name: 'Nouveau processus' });
  await dialog.getByRole('combobox', { name: 'Workflow', exact: true }).click();
  await tp.getByRole('option', { name: WORKFLOW, exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Nom' }).fill(PROCESS);
  await ok(
    Promise.all([api(tp, 'POST', '/api/v3/process/create'), dialog.getByRole('button', { name: 'Créer le processus' }).click()]).then(
      ([r]) => r,
    ),
  );
  await expect(tp).toHaveURL(/\/app\/processus\/\d+$/);
  const url = tp.url();
  await expect(tp.getByRole('heading', { level: 1 })).toContainText(PROCESS);
  await expect(currentStep(tp)).toHaveText('Étape en cours : 1. Demande');
  const timeline = tp.getByRole('navigation', { name: 'Étapes du processus' });
  await expect(timeline).toContainText('En cours');
  await expectAccessible(tp, '/app/processus/:id (first step, empty form)');

  // Step 1: the long text appears only for « Travaux électriques ».
  await tp.getByRole('textbox', { name: "Lieu d'intervention" }).fill('Regard R12, parking nord');
  await expect(tp.getByRole('textbox', { name: 'Habilitation électrique' })).toHaveCount(0);
  await choose(tp, 'Type de travaux', 'Travaux en hauteur');
  await expect(tp.getByRole('textbox', { name: 'Habilitation électrique' })).toHaveCount(0);
  await choose(tp, 'Type de travaux', 'Travaux électriques');
  await tp.getByRole('textbox', { name: 'Habilitation électrique' }).fill('B1V, H0V');
  await signStep(tp);
  await expect(currentStep(tp)).toHaveText('Étape en cours : 2. Autorisation');
  // Not the named validator: no action, the reason instead.
  await expect(tp.getByText('Vous n’êtes pas autorisé à agir sur cette étape.')).toBeVisible();
  await expect(tp.getByRole('button', { name: 'Signer', exact: true })).toHaveCount(0);
  await expectAccessible(tp, '/app/processus/:id (step of another signer)');

  // The responsable draws a signature… and returns the process instead.
  const resp = await signedInAs(browser, 'responsable@acme.demo.fr');
  const rp = resp.page;
  await rp.goto(url);
  await expect(currentStep(rp)).toHaveText('Étape en cours : 2. Autorisation');
  await drawAndValidate(rp, 'Signature du responsable');
  await rp.getByRole('button', { name: 'Renvoyer' }).click();
  const back = rp.getByRole('dialog', { name: "Renvoyer à l'étape précédente ?" });
  await back.getByRole('textbox', { name: 'Motif du renvoi' }).fill('Préciser le lieu exact');
  await expectAccessible(rp, '/app/processus/:id: return dialog');
  await ok(
    Promise.all([api(rp, 'PUT', '/api/v3/process/return_step'), back.getByRole('button', { name: 'Renvoyer' }).click()]).then(([r]) => r),
  );
  await expect(currentStep(rp)).toHaveText('Étape en cours : 1. Demande');
  await expect(rp.getByRole('navigation', { name: 'Étapes du processus' })).toContainText('Renvoyée');

  // The technicien re-signs step 1 (its values kept).
  await tp.reload();
  await expect(currentStep(tp)).toHaveText('Étape en cours : 1. Demande');
  await expect(tp.getByRole('textbox', { name: 'Habilitation électrique' })).toHaveValue('B1V, H0V');
  await tp.getByRole('textbox', { name: "Lieu d'intervention" }).fill('Regard R12, parking nord, côté est');
  await signStep(tp);
  await expect(currentStep(tp)).toHaveText('Étape en cours : 2. Autorisation');

  // The responsable signs step 2 with a drawn signature.
  await rp.reload();
  await expect(currentStep(rp)).toHaveText('Étape en cours : 2. Autorisation');
  await drawAndValidate(rp, 'Signature du responsable');
  await signStep(rp);
  await expect(currentStep(rp)).toHaveText('Étape en cours : 3. Clôture');

  // The technicien signs the last step: the process is finished.
  await tp.reload();
  await expect(currentStep(tp)).toHaveText('Étape en cours : 3. Clôture');
  await signStep(tp);
  await expect(tp.getByLabel('État : Terminé')).toBeVisible();
  await expect(tp.getByText('Ce processus est terminé : toutes ses étapes sont validées.')).toBeVisible();
  // Step 2 keeps the responsable's signature, shown read-only.
  await tp.getByRole('button', { name: /^2\. Autorisation/ }).click();
  await expect(tp.getByText(/Signé par Bruno Lefèvre le \d\d\/\d\d\/\d\d \d\d:\d\d/)).toBeVisible();
  await expect(tp.getByRole('img', { name: 'Signature de Bruno Lefèvre' })).toBeVisible();
  await expectAccessible(tp, '/app/processus/:id (finished, signature read back)');

  // The journal shows every step.
  await tp.getByRole('tab', { name: 'Journal' }).click();
  const journal = tp.getByRole('table', { name: 'Journal' });
  await expect(journal.getByRole('row')).not.toHaveCount(1);
  const rows = journal.getByRole('row');
  await expect(rows.last()).toContainText('Signature et clôture');
  const actions = (await journal.locator('tbody tr td:nth-child(3)').allInnerTexts())
    .map((a) => a.replace(/\s*\(.*\)$/s, '').trim())
    .filter((a) => a !== 'Modification');
  expect(actions).toEqual(['Création', 'Signature', 'Renvoi', 'Signature', 'Signature', 'Signature et clôture']);
  await expect(journal).toContainText('motif : Préciser le lieu exact');
  await expect(journal.getByRole('row', { name: /Renvoi/ })).toContainText('Bruno Lefèvre');

  // The list shows it finished.
  await tp.getByRole('link', { name: 'Retour aux processus' }).click();
  await tp.getByRole('textbox', { name: 'Rechercher' }).fill('R12');
  const row = tp.getByRole('row', { name: new RegExp(PROCESS) });
  await expect(row).toContainText(WORKFLOW);
  await expect(row).toContainText('Terminé');

  expect([...admin.errors, ...tech.errors, ...resp.errors]).toEqual([]);
});

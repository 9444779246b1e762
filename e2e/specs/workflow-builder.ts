import { expect, type Page, type Response } from '@playwright/test';

/** Waits for the answer of one API call (method and path) and checks it succeeded. */
export function api(page: Page, method: string, path: string): Promise<Response> {
  return page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname.startsWith(path));
}
export async function ok(p: Promise<Response>) {
  const r = await p;
  expect(r.ok(), `${r.request().method()} ${r.url()} → ${r.status()} ${await r.text()}`).toBe(true);
  return r;
}

/** Picks an option of a Mantine select by its accessible name. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds a field of a kind to the selected step, names it, and returns once the server has it. */
async function addField(page: Page, kind: string, nom: string, configure?: () => Promise<void>) {
  await ok(
    Promise.all([
      api(page, 'PUT', '/api/v2/etape/assign_metrique'),
      page.getByRole('button', { name: `Ajouter le champ ${kind}` }).click(),
    ]).then(([r]) => r),
  );
  const label = page.getByRole('textbox', { name: 'Libellé', exact: true });
  await expect(label).toHaveValue(kind);
  await label.fill(nom);
  await configure?.();
  await ok(
    Promise.all([
      api(page, 'PUT', '/api/v2/metrique/update'),
      page.getByRole('button', { name: `Enregistrer le champ ${kind}` }).click(),
    ]).then(([r]) => r),
  );
  await expect(page.getByRole('button', { name: `Sélectionner le champ ${nom}` })).toBeVisible();
}

/**
 * Through the workflow editor (already on /app/workflows): a three-step model "Demande" (a short text, a select
 * « Type de travaux » and a long text « Habilitation électrique » shown only for « Travaux électriques »),
 * "Autorisation" (a signature, Bruno Lefèvre as named validator) and "Clôture". Leaves the editor on step 2.
 */
export async function buildThreeStepWorkflow(page: Page, name: string) {
  // Create the model: it opens with one step, "Étape 1".
  await page.getByRole('button', { name: 'Nouveau workflow' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Nom du workflow' }).fill(name);
  await ok(
    Promise.all([api(page, 'POST', '/api/v2/workflow/create'), page.getByRole('button', { name: 'Créer', exact: true }).click()]).then(
      ([r]) => r,
    ),
  );
  await expect(page).toHaveURL(/\/app\/workflows\/\d+$/);
  await expect(page.getByRole('heading', { name: name })).toBeVisible();
  const steps = page.getByRole('list', { name: 'Étapes' });
  await expect(steps.getByRole('listitem')).toHaveCount(1);

  // Three steps: rename the first, add two.
  const stepName = page.getByRole('textbox', { name: "Nom de l'étape" });
  await stepName.fill('Demande');
  await ok(
    Promise.all([api(page, 'PUT', '/api/v2/etape/update'), page.getByRole('button', { name: "Enregistrer l'étape Étape 1" }).click()]).then(
      ([r]) => r,
    ),
  );
  await expect(steps.getByRole('button', { name: /1\. Demande/ })).toBeVisible();
  for (const nom of ['Autorisation', 'Clôture']) {
    await page.getByRole('textbox', { name: 'Nouvelle étape' }).fill(nom);
    await ok(
      Promise.all([api(page, 'POST', '/api/v2/etape/create'), page.getByRole('button', { name: "Ajouter l'étape" }).click()]).then(
        ([r]) => r,
      ),
    );
    await expect(steps.getByRole('button', { name: new RegExp(`^\\d+\\. ${nom}`) })).toBeVisible();
  }
  await expect(steps.getByRole('listitem')).toHaveCount(3);

  // Step 1: a short text, a select with two options, a long text shown only for one option.
  await steps.getByRole('button', { name: /1\. Demande/ }).click();
  await expect(page.getByRole('heading', { name: "Champs de l'étape Demande" })).toBeVisible();
  await addField(page, 'Texte court', "Lieu d'intervention");
  await addField(page, 'Liste déroulante', 'Type de travaux', async () => {
    await page.getByRole('button', { name: 'Ajouter une option' }).click();
    await page.getByRole('textbox', { name: "Libellé français de l'option 1" }).fill('Travaux électriques');
    await page.getByRole('textbox', { name: "Libellé anglais de l'option 1" }).fill('Electrical work');
    await page.getByRole('button', { name: 'Ajouter une option' }).click();
    await page.getByRole('textbox', { name: "Libellé français de l'option 2" }).fill('Travaux en hauteur');
  });
  await addField(page, 'Texte long', 'Habilitation électrique', async () => {
    await page.getByRole('button', { name: 'Ajouter une condition' }).click();
    await choose(page, 'Champ testé 1.1', 'Type de travaux (Demande)');
    await choose(page, 'Valeur 1.1', 'Travaux électriques');
  });

  // Step 2: a signature and a named validator.
  await steps.getByRole('button', { name: /2\. Autorisation/ }).click();
  await expect(page.getByRole('heading', { name: "Champs de l'étape Autorisation" })).toBeVisible();
  await addField(page, 'Signature', 'Signature du responsable');
  await page.getByRole('tab', { name: "Règles d'autorisation" }).click();
  await choose(page, 'Validateur', 'Bruno Lefèvre');
  await ok(
    Promise.all([
      api(page, 'POST', '/api/v2/etape_autorisation/create'),
      page.getByRole('button', { name: 'Ajouter la règle' }).click(),
    ]).then(([r]) => r),
  );
  await expect(page.getByText('Validateur nommé : Bruno Lefèvre')).toBeVisible();
}

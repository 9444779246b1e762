import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { signInOk } from './helpers.ts';
import { api, buildThreeStepWorkflow, choose, ok } from './workflow-builder.ts';

const NAME = 'Autorisation de travail';

test('an admin builds a three-step workflow with a text, a select with a condition, a signature and a named validator', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signInOk(page, 'admin@acme.demo.fr');
  await page.goto('/app/workflows');
  await expect(page.getByRole('heading', { name: 'Workflows', exact: true })).toBeVisible();
  await expectAccessible(page, '/app/workflows (admin)');

  await buildThreeStepWorkflow(page, NAME);
  const steps = page.getByRole('list', { name: 'Étapes' });

  // Everything is saved: reload and check the model, then the preview applies the condition.
  const loaded = api(page, 'GET', '/api/v2/workflow/get_workflows_for_edition');
  await page.reload();
  await ok(loaded);
  await expect(steps.getByRole('listitem')).toHaveCount(3);
  await expect(steps.getByRole('button')).toContainText(['1. Demande', '2. Autorisation', '3. Clôture']);
  const fields = page.getByRole('list', { name: "Champs de l'étape Demande" });
  await expect(fields.getByRole('button', { name: /^Sélectionner le champ/ })).toHaveText([
    /Lieu d'intervention/,
    /Type de travaux/,
    /Habilitation électrique/,
  ]);
  await page.getByRole('button', { name: 'Sélectionner le champ Habilitation électrique' }).click();
  await expect(page.getByRole('combobox', { name: 'Champ testé 1.1' })).toHaveValue('Type de travaux (Demande)');
  await expect(page.getByRole('combobox', { name: 'Valeur 1.1' })).toHaveValue('Travaux électriques');
  await expectAccessible(page, '/app/workflows/:id (field with a condition)');
  await page.getByRole('button', { name: 'Sélectionner le champ Type de travaux' }).click();
  await expect(page.getByRole('textbox', { name: "Libellé anglais de l'option 1" })).toHaveValue('Electrical work');
  await expectAccessible(page, '/app/workflows/:id (select field options)');

  await page.getByRole('tab', { name: 'Aperçu' }).click();
  const preview = page.getByRole('group', { name: "Aperçu de l'étape Demande" });
  await expect(preview.getByRole('textbox', { name: "Lieu d'intervention" })).toBeVisible();
  await expect(preview.getByRole('textbox', { name: 'Habilitation électrique' })).toHaveCount(0);
  await choose(page, 'Type de travaux', 'Travaux électriques');
  await expect(preview.getByRole('textbox', { name: 'Habilitation électrique' })).toBeVisible();
  await expectAccessible(page, '/app/workflows/:id (preview, condition met)');

  await steps.getByRole('button', { name: /2\. Autorisation/ }).click();
  await page.getByRole('tab', { name: 'Champs' }).click();
  await expect(page.getByRole('button', { name: 'Sélectionner le champ Signature du responsable' })).toBeVisible();
  await page.getByRole('tab', { name: "Règles d'autorisation" }).click();
  await expect(page.getByText('Validateur nommé : Bruno Lefèvre')).toBeVisible();
  await expectAccessible(page, '/app/workflows/:id (named validator rule)');
  expect(errors).toEqual([]);
});

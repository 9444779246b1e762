import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { call, signedInAs } from './helpers.ts';
import { api, ok } from './workflow-builder.ts';

const unique = Date.now().toString(36);
const WORKFLOW = `Permis de levage ${unique}`;
const PROCESS = `Levage du transformateur T3 ${unique}`;
const MOTIF = 'Préciser la charge maximale de la grue';

test('a returned step says on its form why, by whom and when; a signed step reads as text with its signer', async ({ browser }) => {
  // A two-step workflow: 1 « Étape 1 » with a text field, 2 « Contrôle ».
  const admin = await signedInAs(browser, 'admin@acme.demo.fr');
  const ap = admin.page;
  const w = await call<{ id: number }>(ap, 'POST', '/api/v2/workflow/create', { libelle: WORKFLOW });
  await call(ap, 'POST', '/api/v2/etape/create', { processModeleId: w.id, nom: 'Contrôle' });
  const full = (
    await call<{ id: number; etapes: { id: number; ordre: number }[] }[]>(ap, 'GET', '/api/v2/workflow/get_workflows_for_edition')
  ).find((m) => m.id === w.id);
  const s1 = full?.etapes.find((e) => e.ordre === 1);
  if (!s1) throw new Error('Étape 1 introuvable');
  await call(ap, 'PUT', '/api/v2/etape/assign_metrique', { etapeId: s1.id, nom: 'Zone de levage', dataType: 'text' });
  await ap.context().close();

  // The technicien creates it, fills and signs step 1 in the form.
  const tech = await signedInAs(browser, 'technicien@acme.demo.fr');
  const tp = tech.page;
  const p = await call<{ id: number }>(tp, 'POST', '/api/v3/process/create', { processModeleId: w.id, nomProcess: PROCESS });
  await tp.goto(`/app/processus/${p.id}`);
  await tp.getByRole('textbox', { name: 'Zone de levage' }).fill('Quai 4, aire de levage nord');
  await ok(
    Promise.all([api(tp, 'PUT', '/api/v3/process/sign'), tp.getByRole('button', { name: 'Signer', exact: true }).click()]).then(([r]) => r),
  );
  await expect(tp.getByRole('heading', { name: /^Étape en cours/ })).toHaveText('Étape en cours : 2. Contrôle');

  // The responsable reads step 1 as a record (text, signer, date and time), then sends the process back.
  const resp = await signedInAs(browser, 'responsable@acme.demo.fr');
  const rp = resp.page;
  await rp.goto(`/app/processus/${p.id}`);
  const earlier = rp.getByRole('button', { name: /1\. Étape 1 — Validée/ });
  await expect(earlier).toContainText(/Signée par Camille Moreau le \d\d\/\d\d\/\d\d à \d\d:\d\d/);
  await earlier.click();
  await expect(rp.getByRole('group', { name: 'Zone de levage' })).toContainText('Quai 4, aire de levage nord');
  await expect(rp.getByRole('textbox', { name: 'Zone de levage' })).toHaveCount(0);
  await expectAccessible(rp, '/app/processus/:id (signed step read as text)');
  await rp.getByRole('button', { name: 'Renvoyer' }).click();
  const back = rp.getByRole('dialog', { name: "Renvoyer à l'étape précédente ?" });
  await back.getByRole('textbox', { name: 'Motif du renvoi' }).fill(MOTIF);
  await ok(
    Promise.all([api(rp, 'PUT', '/api/v3/process/return_step'), back.getByRole('button', { name: 'Renvoyer' }).click()]).then(([r]) => r),
  );

  // The technicien's form of step 1 says why it came back, who sent it and when.
  await tp.goto(`/app/processus/${p.id}`);
  await expect(tp.getByRole('heading', { name: /^Étape en cours/ })).toHaveText('Étape en cours : 1. Étape 1');
  const banner = tp.getByTestId('returned-step');
  await expect(banner).toContainText('Étape renvoyée');
  await expect(banner).toContainText(`Motif : ${MOTIF}`);
  await expect(banner).toContainText(/Renvoyée par Bruno Lefèvre le \d\d\/\d\d\/\d\d à \d\d:\d\d\. Depuis l’étape « 2\. Contrôle »\./);
  await expectAccessible(tp, '/app/processus/:id (returned step)');
  expect([...tech.errors, ...resp.errors]).toEqual([]);
});

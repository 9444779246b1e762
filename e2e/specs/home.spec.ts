import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { call, signedInAs } from './helpers.ts';
import { api, ok } from './workflow-builder.ts';

const unique = Date.now().toString(36);
const WORKFLOW = `Travaux en hauteur ${unique}`;
const PROCESS = `Nacelle du quai 2 ${unique}`;

test('the home shows the step to sign, which leaves it once signed and goes to the next signer’s home', async ({ browser }) => {
  // The admin makes a two-step workflow: 1 « Étape 1 » (no rule: it waits for whoever created the process),
  // 2 « Validation » (named validator: the responsable).
  const admin = await signedInAs(browser, 'admin@acme.demo.fr');
  const ap = admin.page;
  const me = await call<{ idCompany: number }>(ap, 'GET', '/api/getConnectedUser');
  const users = await call<{ id: number; nom: string }[]>(ap, 'GET', `/api/utilisateurs/get_utilisateurs/${me.idCompany}`);
  const responsable = users.find((u) => u.nom === 'Lefèvre');
  if (!responsable) throw new Error('Bruno Lefèvre introuvable');
  const w = await call<{ id: number }>(ap, 'POST', '/api/v2/workflow/create', { libelle: WORKFLOW });
  const s2 = await call<{ id: number }>(ap, 'POST', '/api/v2/etape/create', { processModeleId: w.id, nom: 'Validation' });
  await call(ap, 'POST', '/api/v2/etape_autorisation/create', { etapeId: s2.id, type: 'validateur', utilisateurId: responsable.id });
  await ap.context().close();

  // The technicien creates a process of it: her home lists it « À signer ».
  const tech = await signedInAs(browser, 'technicien@acme.demo.fr');
  const tp = tech.page;
  const p = await call<{ id: number; numero: number }>(tp, 'POST', '/api/v3/process/create', {
    processModeleId: w.id,
    nomProcess: PROCESS,
  });
  await tp.goto('/app');
  const toSign = tp.getByRole('region', { name: /À signer ou valider/ });
  const link = toSign.getByRole('link', { name: `N° ${p.numero / 100} — ${PROCESS}` });
  await expect(link).toBeVisible();
  await expect(toSign).toContainText(`${WORKFLOW} · Étape 1. Étape 1`);
  await expectAccessible(tp, '/app (technician, a step to sign)');

  // She opens it from the home and signs it.
  await link.click();
  await expect(tp).toHaveURL(new RegExp(`/app/processus/${p.id}$`));
  await expect(tp.getByRole('heading', { name: /^Étape en cours/ })).toHaveText('Étape en cours : 1. Étape 1');
  await ok(
    Promise.all([api(tp, 'PUT', '/api/v3/process/sign'), tp.getByRole('button', { name: 'Signer', exact: true }).click()]).then(([r]) => r),
  );
  await expect(tp.getByRole('heading', { name: /^Étape en cours/ })).toHaveText('Étape en cours : 2. Validation');

  // Back home: nothing of it left to sign for her; it is among her processes in progress, at its new step.
  await tp.getByRole('link', { name: 'Accueil' }).first().click();
  await expect(tp).toHaveURL(/\/app\/?$/);
  const mine = tp.getByRole('region', { name: /Mes processus en cours/ });
  await expect(mine.getByRole('link', { name: `N° ${p.numero / 100} — ${PROCESS}` })).toBeVisible();
  await expect(mine).toContainText(`${WORKFLOW} · Étape 2. Validation`);
  await expect(toSign.getByRole('link', { name: new RegExp(PROCESS) })).toHaveCount(0);
  expect(tech.errors).toEqual([]);

  // The responsable, named validator of step 2, finds it on his home.
  const resp = await signedInAs(browser, 'responsable@acme.demo.fr');
  const respToSign = resp.page.getByRole('region', { name: /À signer ou valider/ });
  await expect(respToSign.getByRole('link', { name: `N° ${p.numero / 100} — ${PROCESS}` })).toBeVisible();
  await expect(respToSign).toContainText(`${WORKFLOW} · Étape 2. Validation`);
  expect(resp.errors).toEqual([]);
});

import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { call, drawSignature, signedInAs } from './helpers.ts';
import { api, ok } from './workflow-builder.ts';

// Ticket 14: titles d'habilitation issued and signed on screen, the person × symbol matrix, the printable title, and the
// gate on a step signature (a chargé de consignation whose BC expired is refused, then passes once the title is renewed).

const TECH = 'Camille Moreau';
const RESP = 'Bruno Lefèvre';
const D4 = 'Consignation TGBT atelier — départ D4';
/** This spec's own lockout (a copy of D4 brought to its certificate step): the demo's lockouts stay for the other specs. */
const OWN = 'Consignation du coffret C7 — essai d’habilitation';

interface ProcessShape {
  id: number;
  version: number;
  currentEtapeOrdre: number | null;
}
interface ModeleShape {
  etapes: { id: number; ordre: number; metriques: { id: number; dataType: string; children?: { id: number; dataType: string }[] }[] }[];
}

/** A copy of the demo lockout D4, renamed, with its operations 1 to 6 signed through the API: step 7 is current. */
async function ownLockoutAtCertificate(page: Page): Promise<number> {
  const list = await call<{ items: { id: number; nomProcess: string }[] }>(page, 'POST', '/api/process/search_by_paging?tz=Europe/Paris', {
    variant: 'MES_CONSIGNATIONS',
    perPage: 100,
  });
  const d4 = list.items.find((i) => i.nomProcess === D4);
  expect(d4).toBeTruthy();
  const copy = await call<ProcessShape>(page, 'POST', '/api/v3/process/duplicate', { id: d4?.id });
  let p = await call<ProcessShape>(page, 'PUT', '/api/v3/process/update', { id: copy.id, version: copy.version, nomProcess: OWN });
  const modele = await call<ModeleShape>(page, 'GET', `/api/v3/process/modele/${copy.id}`);
  for (const e of modele.etapes.filter((x) => x.ordre <= 6).sort((a, b) => a.ordre - b.ordre)) {
    const rawData: Record<string, unknown> = {};
    for (const m of e.metriques) {
      if (m.dataType === 'checkbox') rawData[String(m.id)] = true;
      if (m.dataType === 'text') rawData[String(m.id)] = 'C7-1, C7-2';
    }
    p = await call<ProcessShape>(page, 'PUT', '/api/v3/process/sign', { id: copy.id, etapeId: e.id, version: p.version, rawData });
  }
  expect(p.currentEtapeOrdre).toBe(7);
  // The copy has D4's isolation points without their padlocks: each gets its padlock before the attestation.
  const lockout = await call<{ points: { id: number }[] }>(page, 'GET', `/api/v2/consignation/get/${copy.id}`);
  for (const [i, x] of lockout.points.entries())
    await call(page, 'PUT', '/api/v2/consignation/point/cadenas', { id: x.id, numeroCadenas: `C7-${i + 1}` });
  return copy.id;
}
const STEP = 'Attestation de consignation';

/** Picks an option of a Mantine select (searchable or not) by the start of its label. */
async function pick(page: Page, scope: Page | Locator, label: string, option: RegExp | string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function settled(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByLabel('Chargement…')).toHaveCount(0);
}

interface Titre {
  id: number;
  etat: string;
  utilisateurId: number;
}

test('an admin records an attestation, issues a title that both sign, finds it in the matrix and prints it', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = (await signedInAs(browser, 'admin@acme.demo.fr')).page;

  // The medical attestation first (the title is not valid without it, except B0/H0).
  await admin.goto('/app/visites-medicales');
  await settled(admin, 'Visites médicales');
  await expectAccessible(admin, '/app/visites-medicales');
  await admin.getByRole('button', { name: 'Nouvelle visite' }).click();
  const visite = admin.getByRole('dialog', { name: 'Nouvelle visite médicale' });
  await pick(admin, visite, 'Personne', TECH);
  await expect(visite.getByRole('combobox', { name: 'Type' })).toHaveValue('Attestation de non contre-indication');
  await expect(visite.getByText(/Sans date saisie : valable 5 ans/)).toBeVisible();
  await expectAccessible(admin, '/app/visites-medicales: new visit dialog');
  await ok(
    Promise.all([api(admin, 'POST', '/api/v2/visite_medicale/create'), visite.getByRole('button', { name: 'Enregistrer' }).click()]).then(
      ([r]) => r,
    ),
  );
  await expect(
    admin
      .getByRole('table', { name: 'Visites médicales' })
      .getByRole('row', { name: new RegExp(TECH) })
      .first(),
  ).toContainText('Valide');

  // The title: holder, symbol (its recyclage computed and shown), then the employer's signature.
  await admin.goto('/app/habilitations');
  await settled(admin, "Titres d'habilitation");
  await expectAccessible(admin, '/app/habilitations (matrix)');
  await admin.getByRole('button', { name: 'Nouveau titre' }).click();
  await settled(admin, "Établir un titre d'habilitation");
  await pick(admin, admin, 'Titulaire', TECH);
  await pick(admin, admin, 'Symbole', /^BR — /);
  await expect(admin.getByText(/^Recyclage calculé : \d{2}\/\d{2}\/\d{2} \(36 mois/)).toBeVisible();
  await expectAccessible(admin, '/app/habilitations/titres/nouveau');
  await ok(
    Promise.all([
      api(admin, 'POST', '/api/v2/titre_habilitation/create'),
      admin.getByRole('button', { name: 'Établir le titre' }).click(),
    ]).then(([r]) => r),
  );
  await expect(admin).toHaveURL(/\/app\/habilitations\/titres\/\d+$/);
  const titreUrl = admin.url();
  await settled(admin, /^Titre d'habilitation /);
  await expect(admin.getByText('Brouillon', { exact: true })).toBeVisible();
  await admin.getByRole('button', { name: "Signer pour l'employeur" }).click();
  const signEmp = admin.getByRole('dialog', { name: "Signer pour l'employeur" });
  await expectAccessible(admin, '/app/habilitations/titres/:id: sign dialog');
  await ok(
    Promise.all([
      api(admin, 'POST', '/api/v2/titre_habilitation/sign_employeur'),
      signEmp.getByRole('button', { name: 'Signer', exact: true }).click(),
    ]).then(([r]) => r),
  );
  await expect(admin.getByText(/^Employeur :\s*signé par/)).toBeVisible();
  await expect(admin.getByText(`En attente de la signature de ${TECH} (depuis son compte).`)).toBeVisible();

  // The holder signs their own title from their account.
  const tech = (await signedInAs(browser, 'technicien@acme.demo.fr')).page;
  await tech.goto(titreUrl);
  await settled(tech, /^Titre d'habilitation /);
  await tech.getByRole('button', { name: 'Signer mon titre' }).click();
  const signTit = tech.getByRole('dialog', { name: 'Signer mon titre' });
  await drawSignature(tech, 'Signature (facultative)');
  await ok(
    Promise.all([
      api(tech, 'POST', '/api/v2/titre_habilitation/sign_titulaire'),
      signTit.getByRole('button', { name: 'Signer', exact: true }).click(),
    ]).then(([r]) => r),
  );
  await expect(tech.getByText('Signé', { exact: true })).toBeVisible();
  await expectAccessible(tech, '/app/habilitations/titres/:id (signed, holder)');
  await tech.context().close();

  // The admin prints it: a PDF file is downloaded.
  await admin.reload();
  await expect(admin.getByText(/^Titulaire :\s*signé par/)).toBeVisible();
  const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Imprimer (PDF)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^titre-habilitation-.+-camille-moreau\.pdf$/);
  const file = readFileSync(await download.path());
  expect(file.length).toBeGreaterThan(2000);
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');

  // The matrix shows the holding in words, and the person's page lists the title and the attestation.
  await admin.goto('/app/habilitations');
  await admin.getByRole('textbox', { name: 'Rechercher une personne' }).fill('Moreau');
  await expect(admin.getByRole('button', { name: new RegExp(`^${TECH}, BR : Valide · obtenu le`) })).toBeVisible();
  await expectAccessible(admin, '/app/habilitations (matrix, searched)');
  await admin.getByRole('button', { name: `Voir les habilitations de ${TECH}` }).click();
  await settled(admin, `Habilitations de ${TECH}`);
  await expect(admin.getByText(/^Attestation du \d{2}\/\d{2}\/\d{2}, valable jusqu'au/)).toBeVisible();
  await expectAccessible(admin, '/app/habilitations/personnes/:id');

  // The catalogue screen and its dialog.
  await admin.goto('/app/symboles-habilitation');
  await settled(admin, "Symboles d'habilitation");
  await expect(
    admin.getByRole('table', { name: "Symboles d'habilitation" }).getByRole('rowheader', { name: 'BC', exact: true }),
  ).toBeVisible();
  await expectAccessible(admin, '/app/symboles-habilitation');
  await admin.getByRole('button', { name: 'Modifier BC' }).click();
  await expect(admin.getByRole('dialog', { name: 'Modifier le symbole BC' })).toBeVisible();
  await expectAccessible(admin, '/app/symboles-habilitation: edit dialog');
  await admin.context().close();
});

test('a chargé de consignation whose BC expired is refused the consignation step, and signs once the title is renewed', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = (await signedInAs(browser, 'admin@acme.demo.fr')).page;

  // The step signed by the chargé de consignation requires BC (set here if the demo has not).
  const workflows = await call<{ id: number; libelle: string; etapes: { id: number; nom: string; config: Record<string, unknown> }[] }[]>(
    admin,
    'GET',
    '/api/v2/workflow/get_workflows_for_edition',
  );
  const lockout = workflows.find((w) => w.libelle === 'Consignation électrique');
  const etape = lockout?.etapes.find((e) => e.nom === STEP);
  expect(etape).toBeTruthy();
  if (!lockout || !etape) return;
  const requis = etape.config.habilitationsRequises;
  if (!Array.isArray(requis) || !requis.includes('BC'))
    await call(admin, 'PUT', '/api/v2/etape/update', { id: etape.id, config: { habilitationsRequises: ['BC'] } });
  // The workflow editor shows it in the step's settings.
  await admin.goto(`/app/workflows/${lockout.id}`);
  await settled(admin, 'Consignation électrique');
  await admin
    .getByRole('list', { name: 'Étapes' })
    .getByRole('button', { name: new RegExp(`7\\. ${STEP}`) })
    .click();
  await expect(admin.getByText('Habilitations requises pour signer')).toBeVisible();
  await expect(admin.getByText(/^BC — /).first()).toBeVisible();
  await expectAccessible(admin, '/app/workflows/:id (step requiring BC)');

  // The responsable: a valid attestation, and only one title, whose BC recyclage passed on 30/06/25.
  const session = await call<{ idCompany: number }>(admin, 'GET', '/api/getConnectedUser');
  const people = await call<{ id: number; fullName: string }[]>(admin, 'GET', `/api/utilisateurs/get_utilisateurs/${session.idCompany}`);
  const resp = people.find((p) => p.fullName === RESP);
  expect(resp).toBeTruthy();
  if (!resp) return;
  const symboles = await call<{ id: number; code: string }[]>(admin, 'GET', '/api/v2/habilitation/get');
  const bc = symboles.find((s) => s.code === 'BC');
  expect(bc).toBeTruthy();
  if (!bc) return;
  const existing = await call<{ items: Titre[] }>(
    admin,
    'GET',
    `/api/v2/titre_habilitation/get_by_paging?utilisateurId=${resp.id}&perPage=100`,
  );
  for (const t of existing.items.filter((x) => x.etat === 'signe'))
    await call(admin, 'POST', '/api/v2/titre_habilitation/revoke', { id: t.id, motif: 'Remplacé pour le test' });
  await call(admin, 'POST', '/api/v2/visite_medicale/create', {
    utilisateurId: resp.id,
    type: 'attestation',
    date: '2025-01-15',
    resultat: 'favorable',
  });
  const expired = await call<Titre>(admin, 'POST', '/api/v2/titre_habilitation/create', {
    utilisateurId: resp.id,
    dateDelivrance: '2022-06-30',
    detentions: [{ habilitationId: bc.id, dateObtention: '2022-06-30', dateEcheance: '2025-06-30' }],
  });
  await call(admin, 'POST', '/api/v2/titre_habilitation/sign_employeur', { id: expired.id });
  const rp = (await signedInAs(browser, 'responsable@acme.demo.fr')).page;
  await call(rp, 'POST', '/api/v2/titre_habilitation/sign_titulaire', { id: expired.id });

  // He opens the lockout at the step: the screen says in advance that the step is reserved, and why he may not sign.
  await ownLockoutAtCertificate(admin);
  await rp.goto('/app/listes/MES_CONSIGNATIONS');
  await rp.getByRole('table', { name: 'Mes consignations' }).getByRole('row', { name: OWN }).click();
  await expect(rp).toHaveURL(/\/app\/processus\/\d+$/);
  const processUrl = rp.url();
  const currentStep = rp.getByRole('heading', { name: /^Étape en cours/ });
  await expect(currentStep).toHaveText(`Étape en cours : 7. ${STEP}`);
  const notice = rp.getByTestId('step-habilitations');
  await expect(notice).toContainText('Signature réservée aux titulaires de BC');
  await expect(notice).toContainText('Habilitation BC expirée le 30/06/25 (recyclage dépassé).');
  await expectAccessible(rp, '/app/processus/:id (step reserved to BC, expired)');

  // He signs anyway: refused, with the reason.
  await drawSignature(rp, 'Signature du chargé de consignation');
  await drawSignature(rp, 'Signature du chargé de travaux (remise de l’attestation)');
  const [refused] = await Promise.all([
    api(rp, 'PUT', '/api/v3/process/sign'),
    rp.getByRole('button', { name: 'Signer', exact: true }).click(),
  ]);
  expect(refused.status()).toBe(403);
  const refusal = rp.getByTestId('gate-refusal');
  await expect(refusal).toContainText('Signature refusée : habilitation BC requise');
  await expect(refusal).toContainText('Habilitation BC expirée le 30/06/25 (recyclage dépassé).');
  await expect(currentStep).toHaveText(`Étape en cours : 7. ${STEP}`);
  await expectAccessible(rp, '/app/processus/:id (signature refused by the gate)');

  // The admin renews the title after the recyclage; both sign the renewal.
  await admin.goto(`/app/habilitations/titres/${expired.id}`);
  await settled(admin, /^Titre d'habilitation /);
  await admin.getByRole('button', { name: 'Renouveler après recyclage' }).click();
  const renew = admin.getByRole('dialog', { name: /^Renouveler le titre/ });
  await ok(
    Promise.all([
      api(admin, 'POST', '/api/v2/titre_habilitation/renew'),
      renew.getByRole('button', { name: 'Renouveler après recyclage' }).click(),
    ]).then(([r]) => r),
  );
  await expect(admin).not.toHaveURL(new RegExp(`/titres/${expired.id}$`));
  await expect(admin.getByText('Brouillon', { exact: true })).toBeVisible();
  const renewedUrl = new URL(admin.url()).pathname;
  await admin.getByRole('button', { name: "Signer pour l'employeur" }).click();
  await ok(
    Promise.all([
      api(admin, 'POST', '/api/v2/titre_habilitation/sign_employeur'),
      admin.getByRole('dialog', { name: "Signer pour l'employeur" }).getByRole('button', { name: 'Signer', exact: true }).click(),
    ]).then(([r]) => r),
  );
  await rp.goto(renewedUrl);
  await rp.getByRole('button', { name: 'Signer mon titre' }).click();
  await ok(
    Promise.all([
      api(rp, 'POST', '/api/v2/titre_habilitation/sign_titulaire'),
      rp.getByRole('dialog', { name: 'Signer mon titre' }).getByRole('button', { name: 'Signer', exact: true }).click(),
    ]).then(([r]) => r),
  );
  await expect(rp.getByText('Signé', { exact: true })).toBeVisible();

  // The same signature now passes.
  await rp.goto(processUrl);
  await expect(currentStep).toHaveText(`Étape en cours : 7. ${STEP}`);
  await expect(rp.getByTestId('step-habilitations')).toContainText("Votre titre d'habilitation vous permet de signer cette étape.");
  await drawSignature(rp, 'Signature du chargé de consignation');
  await drawSignature(rp, 'Signature du chargé de travaux (remise de l’attestation)');
  await ok(
    Promise.all([api(rp, 'PUT', '/api/v3/process/sign'), rp.getByRole('button', { name: 'Signer', exact: true }).click()]).then(([r]) => r),
  );
  await expect(currentStep).toHaveText('Étape en cours : 8. Fin de travaux');
  await rp.context().close();
  await admin.context().close();
});

test('a habilitation request: its levels in « Mes habilitations », the symbols it grants edited on its page', async ({ browser }) => {
  test.setTimeout(120_000);
  const rp = (await signedInAs(browser, 'responsable@acme.demo.fr')).page;
  const NADIA = 'Habilitation B1V — Nadia Haddad (peinture du poste HTA)';
  await rp.goto('/app/listes/MES_HABILITATIONS');
  const list = rp.getByRole('table', { name: 'Mes habilitations' });
  const row = list.getByRole('row', { name: new RegExp(NADIA.replace(/[()]/g, '\\$&')) });
  await expect(row).toContainText('B1V, H0V');
  await expectAccessible(rp, '/app/listes/MES_HABILITATIONS');
  await row.click();
  await expect(rp).toHaveURL(/\/app\/processus\/\d+$/);
  const panel = rp.getByRole('region', { name: 'Habilitations demandées' });
  await expect(panel.getByRole('listitem')).toContainText(['Nadia Haddad']);
  await expect(panel.getByRole('listitem').first()).toContainText('B1V');

  // BS added for Nadia: the request now grants it too; then H0V removed after confirmation.
  await pick(rp, panel, 'Personne', 'Nadia Haddad');
  await panel.getByRole('combobox', { name: 'Symboles' }).click();
  await rp.getByRole('option', { name: /^BS — / }).click();
  await rp.keyboard.press('Escape');
  await ok(
    Promise.all([
      api(rp, 'POST', '/api/v2/process_habilitation/update'),
      panel.getByRole('button', { name: 'Ajouter à la demande' }).click(),
    ]).then(([r]) => r),
  );
  await expect(panel.getByRole('listitem').first()).toContainText('BS');
  await expectAccessible(rp, '/app/processus/:id (habilitation request)');
  await panel.getByRole('button', { name: 'Retirer H0V de Nadia Haddad' }).click();
  const confirm = rp.getByRole('dialog', { name: 'Retirer H0V de la demande ?' });
  await ok(
    Promise.all([api(rp, 'POST', '/api/v2/process_habilitation/remove'), confirm.getByRole('button', { name: 'Retirer' }).click()]).then(
      ([r]) => r,
    ),
  );
  await expect(panel.getByRole('button', { name: 'Retirer H0V de Nadia Haddad' })).toHaveCount(0);
  await rp.goto('/app/listes/MES_HABILITATIONS');
  await expect(row).toContainText('B1V, BS');
});

import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { call, signedInAs } from './helpers.ts';
import { api, ok } from './workflow-builder.ts';

// Work permits (ticket 15): the permit settings, an admin extending a permit by re-signature, and on a phone the
// fire watch after a hot-work permit: a check recorded, the next one shown. The journey makes its own permit (other
// specs read the demo's) and gives the company its fire-watch defaults back at the end.

const ADMIN = 'admin@acme.demo.fr';
const RESPONSABLE = 'responsable@acme.demo.fr';
const TECHNICIEN = 'technicien@acme.demo.fr';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

interface PermisShape {
  processId: number;
  dateFin: string;
  version: number;
  surveillance: { prochain: number | null } | null;
}

const paris = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(iso))
    .replace(',', '');

/** A page signed in as `mail`, in its own browser context. */
async function as(browser: Browser, mail: string): Promise<Page> {
  return (await signedInAs(browser, mail)).page;
}

/** The same person's session on a phone (390 × 844, touch): a new context with the signed-in page's cookies. */
async function onPhone(browser: Browser, signedIn: Page): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, storageState: await signedIn.context().storageState() });
  return context.newPage();
}

/** Signs the current act of a permit in a role, through the API. */
const sign = (page: Page, processId: number, acte: string, role: string) =>
  call<PermisShape>(page, 'POST', '/api/v2/permis/sign', { processId, acte, role });

test('permit settings edited; an admin extends a hot-work permit; on a phone its fire-watch check is recorded', async ({ browser }) => {
  // Four people sign in and sign; a busy machine takes its time (no sleeps: only the bound is wide).
  test.setTimeout(600_000);
  const suffix = Date.now().toString(36).slice(-5);
  const admin = await as(browser, ADMIN);

  // 1. Settings: a short watch (30 min, a check every 5) so that the journey's first check is due at once.
  await admin.goto('/app/parametres-permis');
  await expect(admin.getByRole('heading', { level: 1, name: 'Permis et surveillance incendie' })).toBeVisible();
  const duree = admin.getByRole('textbox', { name: 'Durée de la surveillance après travaux (minutes)' });
  const intervalle = admin.getByRole('textbox', { name: 'Intervalle entre deux contrôles (minutes)' });
  await expect(duree).not.toHaveValue('');
  await expectAccessible(admin, '/app/parametres-permis');
  await duree.fill('30');
  await intervalle.fill('45');
  await admin.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(admin.getByText("L'intervalle ne peut pas dépasser la durée de la surveillance.")).toBeVisible();
  await intervalle.fill('5');
  await admin.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  const confirm = admin.getByRole('dialog', { name: 'Enregistrer les paramètres des permis ?' });
  await expect(confirm).toContainText('30 minutes avec un contrôle toutes les 5 minutes');
  await expectAccessible(admin, '/app/parametres-permis (confirmation)');
  await ok(
    Promise.all([api(admin, 'PUT', '/api/v2/permis/settings/update'), confirm.getByRole('button', { name: 'Enregistrer' }).click()]).then(
      ([r]) => r,
    ),
  );
  await expect(admin.getByText('Paramètres des permis enregistrés')).toBeVisible();

  try {
    // 2. Set-up through the API: a process of the demo's « Permis de feu » workflow and its permit, valid from an hour
    // ago for six hours, issued by three people (donneur d'ordre, exécutant, surveillant), work started.
    const models = await call<{ id: number; libelle: string }[]>(admin, 'GET', '/api/v2/workflow/get_workflows_for_edition');
    const wf = models.find((m) => m.libelle === 'Permis de feu');
    if (!wf) throw new Error('Workflow « Permis de feu » absent de la démo');
    const process = await call<{ id: number }>(admin, 'POST', '/api/v3/process/create', {
      processModeleId: wf.id,
      nomProcess: `Découpe de la trémie ${suffix}`,
    });
    const start = new Date(Date.now() - 3_600_000).toISOString();
    const end = new Date(Date.now() + 6 * 3_600_000).toISOString();
    await call(admin, 'PUT', '/api/v2/permis/update', {
      processId: process.id,
      type: 'feu',
      complements: [],
      modeValidite: 'operation',
      dateDebut: start,
      dateFin: end,
      travaux: 'Découpe au chalumeau',
    });
    const responsable = await as(browser, RESPONSABLE);
    const technicien = await as(browser, TECHNICIEN);
    await sign(responsable, process.id, 'delivrance', 'emetteur');
    await sign(admin, process.id, 'delivrance', 'executant');
    await sign(technicien, process.id, 'delivrance', 'surveillant');
    await call(admin, 'POST', '/api/v2/permis/start', { processId: process.id });

    // 3. The admin extends it by re-signature and sees the new end.
    await admin.goto(`/app/processus/${process.id}`);
    await admin.getByRole('tab', { name: 'Permis' }).click();
    await expect(admin.getByRole('heading', { name: /^Permis de feu N° / })).toBeVisible();
    await expect(admin.getByText(`Du ${paris(start)} au ${paris(end)}`)).toBeVisible();
    await expect(admin.getByText(/^Expire dans \d+ h \d\d min$/)).toBeVisible();
    await expectAccessible(admin, '/app/processus/:id (permit tab)');
    await admin.getByRole('button', { name: 'Prolonger' }).click();
    const extend = admin.getByRole('dialog', { name: 'Prolonger le permis' });
    const newEnd = new Date(Date.parse(end) + 2 * 3_600_000).toISOString();
    await expect(extend.getByRole('textbox', { name: /Nouvelle fin de validité/ })).toHaveValue(paris(newEnd));
    await extend.getByRole('textbox', { name: /Motif de la prolongation/ }).fill('Découpe plus longue que prévu');
    await extend.getByRole('textbox', { name: 'Ou tapez votre nom pour signer' }).fill('Alice Durand');
    await extend.getByRole('button', { name: 'Valider la signature « Signature de la prolongation »' }).click();
    await expectAccessible(admin, '/app/processus/:id (permit extension dialog)');
    await ok(
      Promise.all([api(admin, 'POST', '/api/v2/permis/extend'), extend.getByRole('button', { name: 'Prolonger' }).click()]).then(
        ([r]) => r,
      ),
    );
    await expect(admin.getByText(`Du ${paris(start)} au ${paris(newEnd)}`)).toBeVisible();
    await expect(admin.getByText(`Fin initiale : ${paris(end)}`)).toBeVisible();

    // 4. End of works signed by both sides (API): the fire watch starts with the company's settings (30 / 5).
    await sign(responsable, process.id, 'fin_travaux', 'emetteur');
    await sign(admin, process.id, 'fin_travaux', 'executant');
    await responsable.context().close();

    // 5. On a phone, the fire watcher records the first check and sees the next one due.
    const phone = await onPhone(browser, technicien);
    await technicien.context().close();
    await phone.goto(`/app/processus/${process.id}`);
    await phone.getByRole('tab', { name: 'Permis' }).click();
    await expect(phone.getByRole('timer')).toBeVisible();
    await expect(phone.getByText('Prochain contrôle : n° 1 à', { exact: false })).toBeVisible();
    // Closure waits for the watch: refused, and why.
    await expect(phone.getByRole('button', { name: 'Clore le permis' })).toBeDisabled();
    await expect(phone.getByText('La clôture est encore refusée')).toBeVisible();
    await expectAccessible(phone, '/app/processus/:id (permit fire watch, phone)');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.getByRole('button', { name: 'Contrôle effectué' }).tap();
    const check = phone.getByRole('dialog', { name: 'Contrôle n° 1 de la surveillance' });
    await check.getByRole('textbox', { name: /Observation/ }).fill('Aucun point chaud');
    await check.getByRole('textbox', { name: 'Ou tapez votre nom pour signer' }).fill('Camille Moreau');
    await check.getByRole('button', { name: 'Valider la signature « Signature du contrôle »' }).tap();
    await expectAccessible(phone, '/app/processus/:id (fire watch check dialog, phone)');
    await ok(
      Promise.all([
        api(phone, 'POST', '/api/v2/permis/fire_watch/check'),
        check.getByRole('button', { name: 'Enregistrer le contrôle' }).tap(),
      ]).then(([r]) => r),
    );
    await expect(phone.getByText('Prochain contrôle : n° 2 à', { exact: false })).toBeVisible();
    const checks = phone.getByRole('list', { name: 'Contrôles de surveillance' });
    await expect(checks.getByRole('listitem').first()).toContainText('Fait');
    await expect(checks.getByRole('listitem').first()).toContainText('Camille Moreau');
    await phone.context().close();
  } finally {
    // The company's defaults back: other journeys read them.
    await call(admin, 'PUT', '/api/v2/permis/settings/update', { surveillanceMinutes: 120, controleIntervalleMinutes: 30 });
    await admin.context().close();
  }
});

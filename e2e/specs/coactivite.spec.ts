import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { call, signedInAs } from './helpers.ts';

// Ticket 15 item 6: a work-at-height permit asked over another permit's works sees the coactivité conflict on its
// screen and needs a named co-signature; the admin co-signs it, then edits a cell of the incompatibility matrix (and
// puts it back). The spec creates its own permits, on a day far from the demo's, so the demo's records stay as they are.

const DAY = '2030-01-15';
const PASSERELLE = 'Soudure de la passerelle du quai 3';

interface Matrice {
  workflows: { processModeleId: number; libelle: string; activites: string[] }[];
}

async function settled(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByLabel('Chargement…')).toHaveCount(0);
}

/** Two permits of the day on the demo's footbridge: works (earlier), then work at height over them (later). */
async function ownPermits(page: Page) {
  const matrice = await call<Matrice>(page, 'GET', '/api/v2/coactivite/incompatibilite/get');
  const wf = (libelle: string) => matrice.workflows.find((w) => w.libelle === libelle)?.processModeleId;
  const list = await call<{ items: { id: number; nomProcess: string }[] }>(page, 'POST', '/api/process/search_by_paging?tz=Europe/Paris', {
    variant: 'PERMIS',
    perPage: 100,
  });
  const passerelle = list.items.find((i) => i.nomProcess === PASSERELLE);
  const demo = await call<{ equipement: { id: number; libelle: string } }>(page, 'GET', `/api/v3/process/get/${passerelle?.id}`);
  const permit = (processModeleId: number | undefined, nomProcess: string, de: string, a: string) =>
    call<{ id: number; numero: number }>(page, 'POST', '/api/v3/process/create', {
      processModeleId,
      nomProcess,
      equipement: demo.equipement,
      dateDebut: `${DAY}T${de}:00+01:00`,
      dateFin: `${DAY}T${a}:00+01:00`,
    });
  const dessous = await permit(wf('Permis de feu'), 'Reprise des soudures du garde-corps de la passerelle', '08:00', '17:00');
  const haut = await permit(wf('Permis de travail en hauteur'), 'Pose d’un éclairage au-dessus de la passerelle', '10:00', '12:00');
  return { dessous, haut };
}

test('the admin sees a coactivité conflict on a permit, co-signs it, and edits a cell of the matrix', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = (await signedInAs(browser, 'admin@acme.demo.fr')).page;
  const { dessous, haut } = await ownPermits(admin);

  await admin.goto(`/app/processus/${haut.id}`);
  const panel = admin.getByRole('region', { name: 'Coactivité' });
  await expect(panel).toBeVisible();
  const other = `N° ${dessous.numero / 100} — Reprise des soudures du garde-corps de la passerelle`;
  const item = panel.getByRole('listitem', { name: other });
  await expect(item).toBeVisible();
  await expect(item.getByText('Co-signature', { exact: true })).toBeVisible();
  await expect(item.getByText('À régler')).toBeVisible();
  await expect(
    item.getByText(/Travail en hauteur × Travaux \(permis de travail\) · Même équipement · Du 15\/01\/30 10:00 au 15\/01\/30 12:00/),
  ).toBeVisible();
  await expect(item.getByText(/Chute d’objets sur les travaux en dessous/)).toBeVisible();
  await expect(item.getByRole('link', { name: other })).toHaveAttribute('href', `/app/processus/${dessous.id}`);
  await expect(admin.getByLabel('Chargement…')).toHaveCount(0);
  await expectAccessible(admin, '/app/processus/:id (coactivité panel)');

  await item.getByRole('button', { name: 'Co-signer' }).click();
  const dialog = admin.getByRole('dialog', { name: `Co-signer la coactivité avec le N° ${dessous.numero / 100} ?` });
  await expect(dialog).toBeVisible();
  await expectAccessible(admin, '/app/processus/:id (co-signature dialog)');
  await dialog.getByRole('button', { name: 'Co-signer' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(item.getByText(/Co-signé par Alice Durand le \d{2}\/\d{2}\/\d{2} à \d{2}:\d{2}/)).toBeVisible();
  await expect(item.getByText('Co-signé', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Co-signer' })).toHaveCount(0);

  // The matrix: a cell edited from the keyboard and saved, then put back (the other journeys use the defaults).
  await admin.goto('/app/incompatibilites');
  await settled(admin, 'Coactivité : incompatibilités');
  await expectAccessible(admin, '/app/incompatibilites');
  const cell = admin.getByRole('button', { name: 'Fouille × Visite : Compatibles' });
  await cell.focus();
  await admin.keyboard.press('Enter');
  const edit = admin.getByRole('dialog', { name: 'Fouille × Visite' });
  await expect(edit).toBeVisible();
  await edit.getByRole('radio', { name: 'Séquencement' }).check();
  await edit.getByRole('textbox', { name: /Pourquoi/ }).fill('Une fouille ouverte sous le chemin de la visite.');
  await expectAccessible(admin, '/app/incompatibilites: cell dialog');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(edit).toHaveCount(0);
  await expect(admin.getByText('Incompatibilité enregistrée.')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Fouille × Visite : Séquencement' })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Visite × Fouille : Séquencement' })).toBeVisible();

  await admin.getByRole('button', { name: 'Visite × Fouille : Séquencement' }).click();
  await admin.getByRole('dialog', { name: 'Fouille × Visite' }).getByRole('radio', { name: 'Compatibles' }).check();
  await admin.getByRole('dialog', { name: 'Fouille × Visite' }).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(admin.getByRole('button', { name: 'Fouille × Visite : Compatibles' })).toBeVisible();
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { expectAccessible } from './a11y.ts';
import { drawSignature, signedInAs } from './helpers.ts';
import { api, ok } from './workflow-builder.ts';

// Ticket 12: Gamma Services' worker (an outside company, contractor of Acme) finds on his home the step awaiting
// him and in his list the Acme permit his company works on, fills and signs the step that is his, and cannot open
// another Acme process.
const MINE = 'Soudure de la charpente du hangar B';
const NOT_MINE = 'Consignation pompe de relevage P12';
/** Gamma's permit of the demo dated from the seed's day: active today, its worker in charge, changed by Acme. */
const OF_THE_DAY = 'Soudure des supports de la mezzanine du magasin';

async function processId(nom: string): Promise<number> {
  const { databaseUrl } = JSON.parse(readFileSync(fileURLToPath(new URL('../.state.json', import.meta.url)), 'utf8')) as {
    databaseUrl: string;
  };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>('select id from process where nom_process = $1', [nom]);
    return rows[0].id;
  } finally {
    await client.end();
  }
}

/** Every 403 the pages answer (none should: the contractor uses only what is his). */
function forbiddenCalls(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) seen.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return seen;
}

test('a contractor signs the step assigned to his company and cannot open another process', async ({ browser }) => {
  const { page, errors } = await signedInAs(browser, 'intervenant@gamma.demo.fr');
  const refused = forbiddenCalls(page);

  // His home (« Accueil »): the step awaiting his company, as a link to the permit; the permit of the day; who
  // changed his processes, by name (a person of Acme: never an e-mail, never « quelqu’un »).
  await page.goto('/app');
  const toSign = page.getByRole('region', { name: /À signer ou valider/ });
  const awaiting = toSign.getByRole('link', { name: new RegExp(`— ${MINE}$`) });
  await expect(awaiting).toBeVisible();
  await expect(toSign.getByRole('listitem').filter({ hasText: MINE })).toContainText(
    'Acme Énergie · Permis de feu — entreprise extérieure · Étape 4. Travaux réalisés',
  );
  await expect(
    page.getByRole('region', { name: /Consignations et permis du jour/ }).getByRole('link', { name: new RegExp(`— ${OF_THE_DAY}$`) }),
  ).toBeVisible();
  const news = page.getByRole('region', { name: /Nouveautés/ });
  await expect(news.getByRole('listitem').filter({ hasText: OF_THE_DAY })).toContainText('modifié par Bruno Lefèvre');
  await expect(page.getByRole('main')).not.toContainText('@');
  await awaiting.click();
  await expect(page).toHaveURL(new RegExp(`/app/processus/${await processId(MINE)}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(MINE);
  await expect(page.getByRole('heading', { name: /^Étape en cours/ })).toHaveText('Étape en cours : 4. Travaux réalisés');

  // His list: the Acme permits of his company, nothing else of Acme.
  await page.goto('/app/listes/PERMIS');
  const table = page.getByRole('table', { name: 'Permis' });
  const row = table.getByRole('row', { name: MINE });
  await expect(row).toBeVisible();
  await expect(table.getByRole('row', { name: 'Découpe de tuyauterie en chaufferie' })).toBeVisible();
  await expect(table.getByRole('row', { name: 'Soudure de la passerelle du quai 3' })).toHaveCount(0);
  await expectAccessible(page, '/app/listes/PERMIS (contractor)');

  // The permit: its current step « Travaux réalisés » is his company's.
  await row.click();
  await expect(page).toHaveURL(/\/app\/processus\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(MINE);
  const current = page.getByRole('heading', { name: /^Étape en cours/ });
  await expect(current).toHaveText('Étape en cours : 4. Travaux réalisés');
  // Deactivating the permit is Acme's, not his.
  await expect(page.getByRole('button', { name: 'Rendre inactif' })).toHaveCount(0);
  await expectAccessible(page, '/app/processus/:id (contractor, his step)');
  await page.getByLabel('Heure de fin des travaux').fill('11:45');
  await drawSignature(page, 'Signature de l’intervenant');
  await ok(
    Promise.all([api(page, 'PUT', '/api/v3/process/sign'), page.getByRole('button', { name: 'Signer', exact: true }).click()]).then(
      ([r]) => r,
    ),
  );
  // The fire watch that follows is Acme's: he may not act on it.
  await expect(current).toHaveText('Étape en cours : 5. Surveillance après travaux');
  await expect(page.getByText('Vous n’êtes pas autorisé à agir sur cette étape.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Signer', exact: true })).toHaveCount(0);

  // Another Acme process, by its address: not found.
  await page.goto(`/app/processus/${await processId(NOT_MINE)}`);
  await expect(page.getByText('Ce processus est introuvable.')).toBeVisible();

  expect(refused).toEqual([]);
  expect(errors).toEqual([]);
  await page.context().close();
});

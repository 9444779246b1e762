import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { drawSignature, signedInAs } from './helpers.ts';
import { api } from './workflow-builder.ts';

// Ticket 15, a Playwright check: a hot-work permit cannot be closed before its fire watch ends. The demo's permit for
// this journey (demo-journeys.ts) had its works end 5 minutes before the demo was seeded: its watch (120 min, a check
// every 30) runs with no check signed, and its process waits at its last step, « Clôture », for the responsable.
// Nothing is changed: the closure is refused. The watch ends 115 minutes after the run's server started: the countdown
// and the « not finished » reason assume the journey runs before (the checks still to sign do not depend on the time).

const PERMIT = 'Soudure d’une bride de la conduite de refoulement — STEP';
const CHECKS_DUE = 'Contrôles de surveillance à signer : 4 sur 4 (prochain : n° 1).';

test('a hot-work permit cannot be closed before its fire watch ends: the refusal and its reasons in French, the countdown shown', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { page, errors } = await signedInAs(browser, 'responsable@acme.demo.fr');

  // The permits list, searched: the permit, opened at its last step.
  await page.goto('/app/listes/PERMIS');
  await page.getByRole('textbox', { name: 'Rechercher' }).fill('bride de la conduite');
  // The search is written to the address once typing pauses: the list is filtered then.
  await expect(page).toHaveURL(/[?&]q=bride/);
  const row = page.getByRole('table', { name: 'Permis' }).getByRole('row', { name: PERMIT });
  await row.click();
  await expect(page).toHaveURL(/\/app\/processus\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(PERMIT);
  const current = page.getByRole('heading', { name: /^Étape en cours/ });
  await expect(current).toHaveText('Étape en cours : 6. Clôture');

  // He fills and signs « Clôture »: refused (409), the reason in French under the step, the step still current.
  await page.getByRole('checkbox', { name: 'Zone restituée sans risque résiduel' }).check();
  await drawSignature(page, 'Signature de clôture');
  const [refused] = await Promise.all([
    api(page, 'PUT', '/api/v3/process/sign'),
    page.getByRole('button', { name: 'Signer', exact: true }).click(),
  ]);
  expect(refused.status()).toBe(409);
  const alert = page.getByRole('alert').filter({ hasText: 'Le processus ne peut pas être clôturé' });
  await expect(alert).toContainText(/Le processus ne peut pas être clôturé : permis N° [\d.]+ — /);
  await expect(alert).toContainText(CHECKS_DUE);
  await expect(current).toHaveText('Étape en cours : 6. Clôture');
  await expectAccessible(page, '/app/processus/:id (closing step refused by the fire watch)');

  // The « Permis » tab: the permit at its fin de travaux, the watch's countdown running, the closure refused and why.
  await page.getByRole('tab', { name: 'Permis' }).click();
  await expect(page.getByRole('heading', { name: /^Permis de feu N° / })).toBeVisible();
  const watch = page.getByRole('region', { name: 'Surveillance après travaux', exact: true });
  await expect(watch.getByText('Temps de surveillance restant')).toBeVisible();
  const timer = watch.getByRole('timer');
  await expect(timer).toHaveAccessibleName(/^Fin de la surveillance dans (\d+:)?\d\d:\d\d$/);
  // It counts down: its text changes (every second) without the page being reloaded.
  const shown = (await timer.textContent()) ?? '';
  expect(shown).toMatch(/^(\d+:)?\d\d:\d\d$/);
  await expect(timer).not.toHaveText(shown);
  await expect(watch.getByRole('status')).toContainText('Prochain contrôle : n° 1 à');
  const reasons = watch.getByRole('alert').filter({ hasText: 'La clôture est encore refusée' });
  await expect(reasons).toContainText(/La surveillance après travaux n’est pas finie : encore \d+ min \(jusqu’à \d\d:\d\d\)\./);
  await expect(reasons).toContainText(CHECKS_DUE);
  const close = page.getByRole('button', { name: 'Clore le permis' });
  await expect(close).toBeDisabled();
  await expect(close).toHaveAccessibleDescription(new RegExp(CHECKS_DUE.replace(/[()]/g, '\\$&')));
  await expectAccessible(page, '/app/processus/:id (permit tab, fire watch running)');
  expect(errors).toEqual([]);
  await page.context().close();
});
